import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import {
  MAIL_UNSUBSCRIBED_EVENT,
  type MailUnsubscribedEvent,
} from '../../mailer/mail-unsubscribe.events.js';
import type { MailWebhookResult } from '../mail-webhook-result.js';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { jsonObject, objectField, signedBody, unixSeconds } from '../utils/json-event.util.js';
import type { WebhookRequest } from '../utils/webhook-body.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import { WebhookContext } from '../webhook-context.js';
import { SEEN_EVENTS_LIMIT } from '../webhooks.constants.js';
import { verifyMailgunSignature } from './mailgun-signature.util.js';

/**
 * Permanent-failure reasons that are no bounce: Mailgun gave up retrying
 * (`old`) or refused because the address is on its own unsubscribe or
 * complaint list (mapped to the suppression list's reasons).
 */
const NOT_A_BOUNCE: Readonly<Record<string, { status: FeedbackStatus; reason: string }>> = {
  old: { status: 'failed', reason: 'old: gave up retrying' },
  'suppress-unsubscribe': {
    status: 'failed',
    reason: 'Unsubscribed Address (suppress-unsubscribe)',
  },
  'suppress-complaint': { status: 'complained', reason: 'suppress-complaint' },
};

/**
 * Mailgun's webhooks: JSON `{ signature: { timestamp, token, signature },
 * "event-data": {...} }`. The signature is HMAC-SHA256 of timestamp + token
 * with the signing key; an old timestamp or a token seen before is refused
 * (403). `delivered` → delivered; `failed` permanent → bounced (a hard
 * bounce unless its SMTP code is 4xx, so suppressed); `failed` temporary is left alone
 * (Mailgun retries, and says how it ended); `complained` → complained;
 * `unsubscribed` → `MAIL_UNSUBSCRIBED_EVENT`.
 */
@Injectable()
export class MailgunWebhookHandler {
  private readonly tokens = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  async events(req: WebhookRequest): Promise<MailWebhookResult> {
    const key = this.context.mail.mailgunKey;
    if (!key) this.context.notConfigured('Mailgun', 'mailgun.signingKey');
    const body = jsonObject(await signedBody(req, this.context, 'Mailgun'));
    const signature = body.signature as Record<string, unknown> | undefined;
    const timestamp = signature?.timestamp;
    const token = signature?.token;
    const hmac = signature?.signature;
    if (typeof timestamp !== 'string' || typeof token !== 'string' || typeof hmac !== 'string')
      this.context.reject('Mailgun', 'no signature.timestamp / token / signature strings');
    if (!verifyMailgunSignature(key, timestamp, token, hmac))
      this.context.reject('Mailgun', 'the signature does not match the timestamp and token');
    const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
    if (!(Math.abs(Date.now() - signedAt) <= this.context.mail.mailgunToleranceMs))
      this.context.reject('Mailgun', `timestamp ${timestamp} is outside the replay window`);
    if (!this.tokens.add(token))
      this.context.reject('Mailgun', 'the token was used before (replay)');
    try {
      return await this.apply(objectField(body['event-data'], '"event-data"'));
    } catch (error) {
      // Mailgun retries a request that failed on our side: let the retry through
      if (!(error instanceof HttpException && error.getStatus() < 500)) this.tokens.delete(token);
      throw error;
    }
  }

  private async apply(data: Record<string, unknown>): Promise<MailWebhookResult> {
    const event = providerId(data.event, 'event-data.event');
    if (!event)
      throw new BadRequestException('"event-data.event" is required (delivered, failed, ...)');
    const occurredAt = unixSeconds(data.timestamp, 'event-data.timestamp');
    const recipient = providerId(data.recipient, 'event-data.recipient');
    const message =
      data.message === undefined ? {} : objectField(data.message, '"event-data.message"');
    const headers =
      message.headers === undefined
        ? {}
        : objectField(message.headers, '"event-data.message.headers"');
    const messageId = providerId(headers['message-id'], 'event-data.message.headers.message-id');
    if (event === 'unsubscribed') {
      if (recipient) {
        const payload: MailUnsubscribedEvent = {
          address: recipient,
          provider: 'mailgun',
          providerMessageId: messageId,
          occurredAt: occurredAt ?? new Date(),
        };
        this.context.events()?.emit(MAIL_UNSUBSCRIBED_EVENT, payload);
      }
      return { received: 1, updated: 0 };
    }
    const feedback = feedbackOf(event, data);
    if (!feedback || !messageId) return { received: 1, updated: 0 };
    const { result } = await this.context.recorder.record({
      channel: 'email',
      provider: 'mailgun',
      providerMessageId: messageId,
      occurredAt,
      ...feedback,
    });
    return { received: 1, updated: result === 'updated' ? 1 : 0 };
  }
}

/** The delivery-record change an event calls for, or `undefined`. */
function feedbackOf(
  event: string,
  data: Record<string, unknown>,
): { status: FeedbackStatus; reason?: string } | undefined {
  if (event === 'delivered') return { status: 'delivered' };
  if (event === 'complained') return { status: 'complained', reason: 'spam complaint' };
  if (event !== 'failed') return undefined;
  const severity = providerId(data.severity, 'event-data.severity');
  if (severity !== 'permanent') return undefined;
  const why = providerId(data.reason, 'event-data.reason') ?? 'generic';
  if (Object.hasOwn(NOT_A_BOUNCE, why)) return NOT_A_BOUNCE[why];
  const status =
    data['delivery-status'] === undefined
      ? {}
      : objectField(data['delivery-status'], '"event-data.delivery-status"');
  const code = status.code;
  if (code !== undefined && !(typeof code === 'number' && Number.isInteger(code)))
    throw new BadRequestException('"event-data.delivery-status.code" must be a whole number');
  const text =
    providerText(status.description, 'event-data.delivery-status.description') ??
    providerText(status.message, 'event-data.delivery-status.message');
  // the SMTP code first: a 4xx reply reads as a soft bounce (`isHardBounce`)
  const reason = [code, text, `(${why})`].filter((part) => part !== undefined).join(' ');
  return { status: 'bounced', reason };
}
