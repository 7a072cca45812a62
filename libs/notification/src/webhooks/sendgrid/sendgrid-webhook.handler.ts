import { BadRequestException, Injectable, InternalServerErrorException } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import { header, readRawBody, type WebhookRequest } from '../utils/webhook-body.util.js';
import { WebhookContext } from '../webhook-context.js';
import { SEEN_EVENTS_LIMIT } from '../webhooks.constants.js';
import {
  SENDGRID_SIGNATURE_HEADER,
  SENDGRID_TIMESTAMP_HEADER,
  verifySendgridSignature,
} from './sendgrid-signature.util.js';

/** One event of SendGrid's Event Webhook (the fields Herald reads). */
interface SendgridEvent {
  event: string;
  email?: string;
  timestamp?: number;
  sg_event_id?: string;
  sg_message_id?: string;
  type?: string;
  reason?: string;
  response?: string;
  status?: string;
}

/** What a batch did: events in it, and records it moved. */
export interface SendgridWebhookResult {
  received: number;
  updated: number;
}

/**
 * SendGrid's Signed Event Webhook: checks the ECDSA signature over the
 * timestamp and the raw body and the timestamp's age, then applies
 * `delivered`, `bounce` (`blocked` counts as `failed`), `dropped` (`failed`)
 * and `spamreport` (`complained`); engagement events are ignored.
 */
@Injectable()
export class SendgridWebhookHandler {
  private readonly seen = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  async events(req: WebhookRequest): Promise<SendgridWebhookResult> {
    const key = this.context.sendgridKey;
    if (!key) this.context.notConfigured('SendGrid', 'sendgrid.publicKey');
    const signature = header(req, SENDGRID_SIGNATURE_HEADER);
    const timestamp = header(req, SENDGRID_TIMESTAMP_HEADER);
    if (!signature || !timestamp)
      this.context.reject(
        'SendGrid',
        'no X-Twilio-Email-Event-Webhook-Signature / -Timestamp header',
      );
    const raw = await readRawBody(req, this.context.bodyLimit);
    if (!raw) {
      // only when a body parser ran before the route (an adapter other than Express) and kept no copy
      this.context.logger.error(
        'SendGrid webhook: a body parser consumed the request body without keeping a copy, so its signature cannot be checked; create the app with NestFactory.create(AppModule, { rawBody: true })',
      );
      throw new InternalServerErrorException('raw request body unavailable');
    }
    if (!verifySendgridSignature(key, signature, timestamp, raw))
      this.context.reject('SendGrid', 'the signature does not match the body and timestamp');
    const signedAt = /^\d{1,12}$/.test(timestamp) ? Number(timestamp) * 1000 : NaN;
    if (!(Math.abs(Date.now() - signedAt) <= this.context.sendgridToleranceMs))
      this.context.reject('SendGrid', `timestamp ${timestamp} is outside the replay window`);
    const events = parseEvents(raw);
    let updated = 0;
    for (const event of events) {
      const status = statusOf(event);
      const messageId = event.sg_message_id?.split('.')[0];
      if (!status || !messageId) continue;
      if (event.sg_event_id && !this.seen.add(event.sg_event_id)) continue;
      try {
        const { result } = await this.context.recorder.record({
          channel: 'email',
          provider: 'sendgrid',
          providerMessageId: messageId,
          status,
          reason: event.reason ?? event.response ?? event.type,
          occurredAt: event.timestamp === undefined ? undefined : new Date(event.timestamp * 1000),
        });
        if (result === 'updated') updated++;
      } catch (error) {
        // SendGrid retries the batch: let it apply this event then
        if (event.sg_event_id) this.seen.delete(event.sg_event_id);
        throw error;
      }
    }
    return { received: events.length, updated };
  }
}

function parseEvents(raw: Buffer): SendgridEvent[] {
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new BadRequestException('the body is not JSON');
  }
  if (!Array.isArray(body))
    throw new BadRequestException('the body must be a JSON array of events');
  return body.map(checkedEvent);
}

/** Latest event time accepted: the last second of year 9999 (a valid `Date` in every store). */
const MAX_EVENT_SECONDS = 253_402_300_799;

/** One event with the fields Herald reads checked (400 naming the event and field), text cut. */
function checkedEvent(event: unknown, i: number): SendgridEvent {
  if (!event || typeof event !== 'object' || Array.isArray(event))
    throw new BadRequestException(`event ${i} must be an object with an "event" name`);
  const fields = event as Record<string, unknown>;
  if (typeof fields.event !== 'string')
    throw new BadRequestException(`event ${i} must be an object with an "event" name`);
  const ts = fields.timestamp;
  if (
    ts !== undefined &&
    (typeof ts !== 'number' || !Number.isFinite(ts) || ts < 0 || ts > MAX_EVENT_SECONDS)
  )
    throw new BadRequestException(
      `event ${i}: "timestamp" must be Unix seconds from 0 to ${MAX_EVENT_SECONDS} (got ${JSON.stringify(ts)})`,
    );
  try {
    return {
      event: fields.event,
      timestamp: ts as number | undefined,
      sg_event_id: providerId(fields.sg_event_id, 'sg_event_id'),
      sg_message_id: providerId(fields.sg_message_id, 'sg_message_id'),
      type: providerText(fields.type, 'type'),
      reason: providerText(fields.reason, 'reason'),
      response: providerText(fields.response, 'response'),
    };
  } catch (error) {
    if (error instanceof BadRequestException)
      throw new BadRequestException(`event ${i}: ${error.message}`);
    throw error;
  }
}

function statusOf(event: SendgridEvent): FeedbackStatus | undefined {
  switch (event.event) {
    case 'delivered':
      return 'delivered';
    case 'bounce':
      return event.type === 'blocked' ? 'failed' : 'bounced';
    case 'dropped':
      return 'failed';
    case 'spamreport':
      return 'complained';
    default:
      return undefined;
  }
}
