import { BadRequestException, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import { verifyVonageSignature } from '../../sms/drivers/vonage/vonage-signature.util.js';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import {
  formParams,
  header,
  readRawBody,
  type WebhookRequest,
} from '../utils/webhook-body.util.js';
import { WebhookContext } from '../webhook-context.js';
import { SEEN_EVENTS_LIMIT } from '../webhooks.constants.js';

/** DLR `status` values: the final ones map to a feedback status, the rest are progress. */
const VONAGE_STATUSES: ReadonlyMap<string, FeedbackStatus | null> = new Map([
  ['delivered', 'delivered'],
  ['failed', 'failed'],
  ['rejected', 'failed'],
  ['expired', 'failed'],
  ['accepted', null],
  ['buffered', null],
  ['unknown', null],
]);

/**
 * Vonage SMS delivery receipts (DLRs), form or JSON: `sig` (with the
 * account's signature secret and method) and the signed `timestamp` are
 * checked before anything else is read; a receipt repeating a `messageId`
 * and `status` already applied is refused as a replay. `delivered` moves the
 * record to delivered; `failed`, `rejected` and `expired` to failed, with
 * the `err-code` as the provider's reason.
 */
@Injectable()
export class VonageWebhookHandler {
  private readonly seen = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  async receipt(req: WebhookRequest): Promise<void> {
    const secrets = this.context.vonageSecrets;
    if (!secrets) this.context.notConfigured('Vonage', 'vonage.signatureSecret');
    const params = receiptParams(req, await readRawBody(req, this.context.bodyLimit));
    if (!params)
      this.context.reject(
        'Vonage',
        'the body is neither a form nor flat JSON, so it cannot be verified',
      );
    if (!params.get('sig')) this.context.reject('Vonage', 'no sig parameter');
    if (!verifyVonageSignature(secrets, this.context.vonageSignatureMethod, params))
      this.context.reject(
        'Vonage',
        `sig does not match the parameters (vonage.signatureMethod is ${this.context.vonageSignatureMethod}: set it to the account's signature method)`,
      );
    const timestamp = params.get('timestamp') ?? '';
    const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
    if (!(Math.abs(Date.now() - signedAt) <= this.context.vonageToleranceMs))
      this.context.reject(
        'Vonage',
        `timestamp ${JSON.stringify(timestamp.slice(0, 32))} is outside the replay window`,
      );
    const messageId = providerId(params.get('messageId'), 'messageId');
    const reported = params.get('status');
    if (!messageId || !reported)
      throw new BadRequestException('a delivery receipt needs messageId and status');
    const status = VONAGE_STATUSES.get(reported);
    if (status === undefined)
      throw new BadRequestException(
        `unknown status ${JSON.stringify(reported.slice(0, 64))}: expected one of ${[...VONAGE_STATUSES.keys()].join(', ')}`,
      );
    const errCode = providerText(params.get('err-code'), 'err-code');
    providerId(params.get('msisdn'), 'msisdn');
    const key = `${messageId}\n${reported}`;
    if (!this.seen.add(key))
      this.context.reject(
        'Vonage',
        `receipt ${reported} for ${messageId} was already applied (replay)`,
      );
    if (!status) return;
    try {
      await this.context.recorder.record({
        channel: 'sms',
        provider: 'vonage',
        providerMessageId: messageId,
        status,
        reason:
          status === 'failed' ? `Vonage error ${errCode ?? 'unknown'} (${reported})` : undefined,
      });
    } catch (error) {
      // Vonage retries a receipt that was not answered 200: let it apply then
      this.seen.delete(key);
      throw error;
    }
  }
}

/**
 * The receipt's parameters: a JSON object of strings and numbers (Vonage's
 * POST-JSON setting) or a form; `undefined` when it is neither.
 */
function receiptParams(req: WebhookRequest, raw: Buffer | undefined): URLSearchParams | undefined {
  const json = /json/i.test(header(req, 'content-type') ?? '');
  if (!json) return formParams(raw, req.body);
  let body: unknown = req.body;
  if (raw) {
    try {
      body = JSON.parse(raw.toString('utf8'));
    } catch {
      return undefined;
    }
  }
  if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (typeof value !== 'string' && typeof value !== 'number') return undefined;
    params.append(name, String(value));
  }
  return params;
}
