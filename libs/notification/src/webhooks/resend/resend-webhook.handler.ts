import { BadRequestException, HttpException, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import type { MailWebhookResult } from '../mail-webhook-result.js';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { isoDate, jsonObject, objectField, signedBody } from '../utils/json-event.util.js';
import type { WebhookRequest } from '../utils/webhook-body.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import { WebhookContext } from '../webhook-context.js';
import { SEEN_EVENTS_LIMIT } from '../webhooks.constants.js';
import { standardWebhookHeaders, verifyStandardWebhook } from './standard-webhook-verify.util.js';

/**
 * Resend's webhooks, signed the Standard Webhooks (Svix) way: `svix-id`,
 * `svix-timestamp`, `svix-signature` (or the `webhook-*` names). A timestamp
 * outside the window or an id seen before is refused (403).
 * `email.delivered` → delivered; `email.bounced` → bounced (a `Permanent`
 * one is suppressed, a `Transient` one is soft); `email.complained` →
 * complained; `email.delivery_delayed` changes nothing (Resend keeps trying).
 */
@Injectable()
export class ResendWebhookHandler {
  private readonly ids = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  async events(req: WebhookRequest): Promise<MailWebhookResult> {
    const keys = this.context.mail.resendKeys;
    if (!keys) this.context.notConfigured('Resend', 'resend.secret');
    const signed = standardWebhookHeaders(req);
    if (!signed)
      this.context.reject('Resend', 'no svix-id / svix-timestamp / svix-signature headers');
    const raw = await signedBody(req, this.context, 'Resend');
    if (!/^\d{1,12}$/.test(signed.timestamp))
      this.context.reject('Resend', 'the timestamp is not Unix seconds');
    if (!verifyStandardWebhook(keys, signed, raw))
      this.context.reject('Resend', 'the signature does not match the id, timestamp and body');
    if (
      !(
        Math.abs(Date.now() - Number(signed.timestamp) * 1000) <=
        this.context.mail.resendToleranceMs
      )
    )
      this.context.reject('Resend', `timestamp ${signed.timestamp} is outside the replay window`);
    if (!this.ids.add(signed.id))
      this.context.reject('Resend', 'the message id was used before (replay)');
    try {
      return await this.apply(jsonObject(raw));
    } catch (error) {
      // Resend retries a request that failed on our side: let the retry through
      if (!(error instanceof HttpException && error.getStatus() < 500)) this.ids.delete(signed.id);
      throw error;
    }
  }

  private async apply(event: Record<string, unknown>): Promise<MailWebhookResult> {
    const type = providerId(event.type, 'type');
    if (!type)
      throw new BadRequestException('"type" is required (email.delivered, email.bounced, ...)');
    const data = objectField(event.data, '"data"');
    const messageId = providerId(data.email_id, 'data.email_id');
    const occurredAt = isoDate(event.created_at, 'created_at');
    const feedback = feedbackOf(type, data);
    if (!feedback || !messageId) return { received: 1, updated: 0 };
    const { result } = await this.context.recorder.record({
      channel: 'email',
      provider: 'resend',
      providerMessageId: messageId,
      occurredAt,
      ...feedback,
    });
    return { received: 1, updated: result === 'updated' ? 1 : 0 };
  }
}

function feedbackOf(
  type: string,
  data: Record<string, unknown>,
): { status: FeedbackStatus; reason?: string } | undefined {
  switch (type) {
    case 'email.delivered':
      return { status: 'delivered' };
    case 'email.complained':
      return { status: 'complained', reason: 'spam complaint' };
    case 'email.bounced': {
      const bounce = data.bounce === undefined ? {} : objectField(data.bounce, '"data.bounce"');
      const kind = providerId(bounce.type, 'data.bounce.type');
      const sub = providerId(bounce.subType, 'data.bounce.subType');
      const text = providerText(bounce.message, 'data.bounce.message');
      const label = [kind, sub].filter(Boolean).join('/');
      return { status: 'bounced', reason: [label, text].filter(Boolean).join(': ') || undefined };
    }
    default:
      return undefined;
  }
}
