import { Injectable, InternalServerErrorException } from '@nestjs/common';
import type { KeyObject } from 'node:crypto';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { readRawBody, type WebhookRequest } from '../utils/webhook-body.util.js';
import { WebhookContext } from '../webhook-context.js';
import { SEEN_EVENTS_LIMIT } from '../webhooks.constants.js';
import { sesFeedbackOf } from './ses-event.util.js';
import type { SesWebhookSettings } from './ses-webhook-settings.js';
import { parseSnsMessage } from './sns-message.util.js';
import { snsHttpsGet } from './sns-https-get.util.js';
import { verifySnsSignature, type SnsMessage } from './sns-signature.util.js';

/** What one SNS message did. */
export interface SesWebhookResult {
  /** `Notification`, `SubscriptionConfirmation` or `UnsubscribeConfirmation`. */
  type: string;
  /** For a notification: whether it moved a delivery record. */
  updated?: boolean;
  /** For a subscription confirmation: whether Herald confirmed it. */
  confirmed?: boolean;
}

const CONFIRM_TIMEOUT_MS = 5000;

/**
 * Amazon SES events through an SNS HTTPS subscription. Before anything is
 * read from the message: its topic must be allowed, its `SigningCertURL` an
 * https URL on an allowed host, its `Timestamp` recent and its `MessageId`
 * new, and its signature (`SignatureVersion` 1 or 2) must verify with that
 * certificate; otherwise 403. A `SubscriptionConfirmation` is confirmed by
 * GETting its `SubscribeURL` (same host rule); a notification's SES event
 * moves the delivery record of `mail.messageId`.
 */
@Injectable()
export class SesWebhookHandler {
  private readonly seen = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  async events(req: WebhookRequest): Promise<SesWebhookResult> {
    const ses = this.context.ses;
    if (!ses) this.context.notConfigured('SES', 'ses.topicArns');
    const raw = await readRawBody(req, this.context.bodyLimit);
    if (!raw) {
      this.context.logger.error(
        'SES webhook: a body parser consumed the request body without keeping a copy, so its signature cannot be checked; create the app with NestFactory.create(AppModule, { rawBody: true })',
      );
      throw new InternalServerErrorException('raw request body unavailable');
    }
    const message = parseSnsMessage(raw);
    await this.authenticate(ses, message);
    if (!this.seen.add(message.MessageId))
      this.context.reject('SES', `SNS message ${message.MessageId} was already received (replay)`);
    try {
      return await this.apply(ses, message);
    } catch (error) {
      // SNS retries a message it got no 2xx for: let it apply then
      this.seen.delete(message.MessageId);
      throw error;
    }
  }

  private async authenticate(ses: SesWebhookSettings, message: SnsMessage): Promise<void> {
    if (!ses.topicArns.has(message.TopicArn))
      this.context.reject('SES', `topic ${message.TopicArn} is not in ses.topicArns`);
    if (!message.Signature) this.context.reject('SES', 'the SNS message has no Signature');
    if (message.SignatureVersion !== '1' && message.SignatureVersion !== '2')
      this.context.reject('SES', `SignatureVersion ${message.SignatureVersion} is not 1 or 2`);
    const certUrl = ses.allowedUrl(message.SigningCertURL);
    if (!certUrl || !certUrl.pathname.endsWith('.pem'))
      this.context.reject(
        'SES',
        'SigningCertURL is not an https .pem URL on a host allowed by ses.certificateHostPattern',
      );
    const sentAt = /^\d{4}-\d\d-\d\dT/.test(message.Timestamp)
      ? Date.parse(message.Timestamp)
      : NaN;
    if (!(Math.abs(Date.now() - sentAt) <= ses.toleranceMs))
      this.context.reject('SES', `Timestamp ${message.Timestamp} is outside the replay window`);
    let key: KeyObject;
    try {
      key = await ses.certificates.key(certUrl);
    } catch (error) {
      this.context.reject(
        'SES',
        `the signing certificate at ${certUrl.host}${certUrl.pathname} could not be used: ${(error as Error).message}`,
      );
    }
    if (!verifySnsSignature(message, key))
      this.context.reject('SES', 'the signature does not match the message');
  }

  private async apply(ses: SesWebhookSettings, message: SnsMessage): Promise<SesWebhookResult> {
    if (message.Type === 'SubscriptionConfirmation') return this.confirm(ses, message);
    if (message.Type === 'UnsubscribeConfirmation') {
      this.context.logger.warn(`SNS topic ${message.TopicArn} unsubscribed this endpoint`);
      return { type: message.Type };
    }
    const feedback = sesFeedbackOf(message.Message);
    if (!feedback) return { type: message.Type, updated: false };
    const { result } = await this.context.recorder.record({
      channel: 'email',
      provider: 'ses',
      providerMessageId: feedback.messageId,
      status: feedback.status,
      reason: feedback.reason,
      occurredAt: feedback.occurredAt,
    });
    return { type: message.Type, updated: result === 'updated' };
  }

  private async confirm(ses: SesWebhookSettings, message: SnsMessage): Promise<SesWebhookResult> {
    if (!ses.confirmSubscriptions) return { type: message.Type, confirmed: false };
    const url = ses.allowedUrl(message.SubscribeURL!);
    if (!url)
      this.context.reject(
        'SES',
        'SubscribeURL is not an https URL on a host allowed by ses.certificateHostPattern',
      );
    let status: number;
    try {
      ({ status } = await snsHttpsGet(url, CONFIRM_TIMEOUT_MS, ses.extraCa));
    } catch (error) {
      status = 0;
      this.context.logger.warn(`SNS subscription confirmation failed: ${(error as Error).message}`);
    }
    if (status !== 200) {
      this.context.logger.warn(
        `SNS did not confirm the subscription to ${message.TopicArn} (HTTP ${status}); it will resend the confirmation`,
      );
      return { type: message.Type, confirmed: false };
    }
    this.context.logger.log(`confirmed the SNS subscription to ${message.TopicArn}`);
    return { type: message.Type, confirmed: true };
  }
}
