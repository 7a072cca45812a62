import { BadRequestException, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import {
  MAIL_UNSUBSCRIBED_EVENT,
  type MailUnsubscribedEvent,
} from '../../mailer/mail-unsubscribe.events.js';
import type { MailWebhookResult } from '../mail-webhook-result.js';
import { isoDate, jsonObject, signedBody } from '../utils/json-event.util.js';
import { header, type WebhookRequest } from '../utils/webhook-body.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import { WebhookContext } from '../webhook-context.js';
import { basicAuthMatches } from './postmark-auth.util.js';

/** Bounce `Type`s that end delivery for good (hard bounce); `SpamNotification` counts as a complaint. */
const HARD_BOUNCE_TYPES = new Set(['HardBounce', 'BadEmailAddress', 'ManuallyDeactivated']);
/** Bounce `Type`s that are not a failure of the message (Postmark still delivers or retries). */
const NOT_A_FAILURE = new Set([
  'Transient',
  'AutoResponder',
  'Subscribe',
  'Unsubscribe',
  'OpenRelayTest',
  'ChallengeVerification',
  'SMTPApiError',
]);

/**
 * Postmark's webhooks: one JSON event a request behind HTTP Basic auth.
 * `Delivery` → delivered; `Bounce` → bounced (hard types, so suppressed) or
 * failed (soft types; transient ones and auto-replies ignored);
 * `SpamComplaint` → complained; `SubscriptionChange` with `SuppressSending`
 * and a manual suppression → `MAIL_UNSUBSCRIBED_EVENT`.
 */
@Injectable()
export class PostmarkWebhookHandler {
  constructor(private readonly context: WebhookContext) {}

  async events(req: WebhookRequest): Promise<MailWebhookResult> {
    const auth = this.context.mail.postmark;
    if (!auth) this.context.notConfigured('Postmark', 'postmark.username / postmark.password');
    if (!basicAuthMatches(header(req, 'authorization'), auth.username, auth.password))
      this.context.reject('Postmark', 'the Basic auth credentials are missing or wrong');
    const event = jsonObject(await signedBody(req, this.context, 'Postmark'));
    const type = providerId(event.RecordType, 'RecordType');
    if (!type) throw new BadRequestException('"RecordType" is required (Delivery, Bounce, ...)');
    const messageId = providerId(event.MessageID, 'MessageID');
    if (type === 'SubscriptionChange') return this.subscriptionChange(event, messageId);
    const feedback = feedbackOf(type, event);
    if (!feedback || !messageId) return { received: 1, updated: 0 };
    const { result } = await this.context.recorder.record({
      channel: 'email',
      provider: 'postmark',
      providerMessageId: messageId,
      ...feedback,
    });
    return { received: 1, updated: result === 'updated' ? 1 : 0 };
  }

  private subscriptionChange(
    event: Record<string, unknown>,
    messageId: string | undefined,
  ): MailWebhookResult {
    const address = providerId(event.Recipient, 'Recipient');
    const reason = providerId(event.SuppressionReason, 'SuppressionReason');
    const changedAt = isoDate(event.ChangedAt, 'ChangedAt');
    if (event.SuppressSending !== true && event.SuppressSending !== false)
      throw new BadRequestException('"SuppressSending" must be true or false');
    // hard bounces and complaints arrive as their own Bounce / SpamComplaint events
    if (event.SuppressSending && reason === 'ManualSuppression' && address) {
      const payload: MailUnsubscribedEvent = {
        address,
        provider: 'postmark',
        providerMessageId: messageId,
        occurredAt: changedAt ?? new Date(),
      };
      this.context.events()?.emit(MAIL_UNSUBSCRIBED_EVENT, payload);
    }
    return { received: 1, updated: 0 };
  }
}

/** The delivery-record change a Delivery, Bounce or SpamComplaint event calls for. */
function feedbackOf(
  type: string,
  event: Record<string, unknown>,
): { status: FeedbackStatus; reason?: string; occurredAt?: Date } | undefined {
  if (type === 'Delivery')
    return {
      status: 'delivered',
      reason: providerText(event.Details, 'Details'),
      occurredAt: isoDate(event.DeliveredAt, 'DeliveredAt'),
    };
  if (type !== 'Bounce' && type !== 'SpamComplaint') return undefined;
  const bounceType = providerId(event.Type, 'Type') ?? '';
  const detail =
    providerText(event.Details, 'Details') ?? providerText(event.Description, 'Description');
  const occurredAt = isoDate(event.BouncedAt, 'BouncedAt');
  const reason = detail ? `${bounceType}: ${detail}` : bounceType || undefined;
  if (
    type === 'SpamComplaint' ||
    bounceType === 'SpamNotification' ||
    bounceType === 'SpamComplaint'
  )
    return { status: 'complained', reason, occurredAt };
  if (NOT_A_FAILURE.has(bounceType)) return undefined;
  return { status: HARD_BOUNCE_TYPES.has(bounceType) ? 'bounced' : 'failed', reason, occurredAt };
}
