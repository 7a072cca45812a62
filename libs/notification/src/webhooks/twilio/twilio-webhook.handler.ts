import { BadRequestException, Injectable } from '@nestjs/common';
import type { FeedbackStatus } from '../../delivery/records/delivery-record.js';
import {
  SMS_OPT_IN_EVENT,
  SMS_OPT_OUT_EVENT,
  type SmsOptOutEvent,
} from '../../sms/sms-opt-out.events.js';
import { BoundedSet } from '../utils/bounded-set.util.js';
import { providerId, providerText } from '../utils/webhook-fields.util.js';
import {
  calledUrl,
  formParams,
  header,
  readRawBody,
  type WebhookRequest,
} from '../utils/webhook-body.util.js';
import { WebhookContext } from '../webhook-context.js';
import {
  MAX_PROVIDER_TEXT_LENGTH,
  OPT_IN_KEYWORDS,
  OPT_OUT_KEYWORDS,
  SEEN_EVENTS_LIMIT,
  TWILIO_SIGNATURE_HEADER,
} from '../webhooks.constants.js';
import { verifyTwilioSignature } from './twilio-signature.util.js';

/** Twilio `MessageStatus` values: the final ones map to a feedback status, the rest are progress. */
const TWILIO_STATUSES: ReadonlyMap<string, FeedbackStatus | null> = new Map([
  ['delivered', 'delivered'],
  ['undelivered', 'failed'],
  ['failed', 'failed'],
  ['accepted', null],
  ['scheduled', null],
  ['canceled', null],
  ['queued', null],
  ['sending', null],
  ['sent', null],
  ['receiving', null],
  ['received', null],
  ['read', null],
  ['partially_delivered', null],
]);

/** TwiML that answers an inbound SMS with nothing (Twilio itself confirms STOP and START). */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>';

/**
 * Twilio's signed webhooks: message status callbacks (`StatusCallback`) and
 * inbound messages, both checked against `X-Twilio-Signature` before
 * anything in them is read.
 */
@Injectable()
export class TwilioWebhookHandler {
  private readonly inboundSeen = new BoundedSet(SEEN_EVENTS_LIMIT);

  constructor(private readonly context: WebhookContext) {}

  /** A status callback: moves the delivery record of `MessageSid`; unknown sids are ignored. */
  async status(req: WebhookRequest): Promise<void> {
    const params = await this.verified(req);
    const sid = providerId(params.get('MessageSid') ?? params.get('SmsSid'), 'MessageSid');
    const reported = params.get('MessageStatus') ?? params.get('SmsStatus');
    if (!sid || !reported)
      throw new BadRequestException('a status callback needs MessageSid and MessageStatus');
    const status = TWILIO_STATUSES.get(reported);
    if (status === undefined)
      throw new BadRequestException(
        `unknown MessageStatus ${JSON.stringify(reported.slice(0, 64))}: expected one of ${[...TWILIO_STATUSES.keys()].join(', ')}`,
      );
    const errorCode = providerText(params.get('ErrorCode'), 'ErrorCode');
    const to = providerId(params.get('To'), 'To');
    if (!status) return;
    if (errorCode === '21610' && to && !to.startsWith('whatsapp:'))
      this.optOut(SMS_OPT_OUT_EVENT, {
        address: to,
        provider: 'twilio',
        source: 'send_error',
        providerMessageId: sid,
        occurredAt: new Date(),
      });
    await this.context.recorder.record({
      // WhatsApp messages report on the same route, their numbers prefixed `whatsapp:`
      channel: to?.startsWith('whatsapp:') ? 'whatsapp' : 'sms',
      provider: 'twilio',
      providerMessageId: sid,
      status,
      reason: errorCode ? `Twilio error ${errorCode} (${reported})` : undefined,
    });
  }

  /**
   * An inbound SMS: `STOP` (and Twilio's other opt-out keywords) emits
   * `notification.sms.opt_out`, `START` / `UNSTOP` / `YES` emits
   * `notification.sms.opt_in`; anything else is acknowledged. Answers empty TwiML.
   */
  async inbound(req: WebhookRequest): Promise<string> {
    const params = await this.verified(req);
    const sid = providerId(params.get('MessageSid') ?? params.get('SmsSid'), 'MessageSid');
    const from = providerId(params.get('From'), 'From');
    const to = providerId(params.get('To'), 'To');
    if (!sid || !from)
      throw new BadRequestException('an inbound message needs MessageSid and From');
    // Twilio sets OptOutType when Advanced Opt-Out is on; else the keyword is the whole body
    const optOutType = params.get('OptOutType')?.toUpperCase();
    const keyword = (params.get('Body') ?? '').trim().toUpperCase();
    const event =
      optOutType === 'STOP' || (!optOutType && OPT_OUT_KEYWORDS.has(keyword))
        ? SMS_OPT_OUT_EVENT
        : optOutType === 'START' || (!optOutType && OPT_IN_KEYWORDS.has(keyword))
          ? SMS_OPT_IN_EVENT
          : undefined;
    if (event && this.inboundSeen.add(sid))
      this.optOut(event, {
        address: from,
        to,
        provider: 'twilio',
        source: 'inbound',
        keyword: (keyword || optOutType)?.slice(0, MAX_PROVIDER_TEXT_LENGTH),
        providerMessageId: sid,
        occurredAt: new Date(),
      });
    return EMPTY_TWIML;
  }

  private optOut(event: string, payload: SmsOptOutEvent): void {
    this.context.events()?.emit(event, payload);
  }

  private async verified(req: WebhookRequest): Promise<URLSearchParams> {
    const tokens = this.context.twilioTokens;
    if (!tokens) this.context.notConfigured('Twilio', 'twilio.authToken');
    const signature = header(req, TWILIO_SIGNATURE_HEADER);
    if (!signature) this.context.reject('Twilio', 'no X-Twilio-Signature header');
    const params = formParams(await readRawBody(req, this.context.bodyLimit), req.body);
    if (!params) this.context.reject('Twilio', 'the body is not a form, so it cannot be verified');
    const url = calledUrl(req, this.context.twilioPublicUrl, this.context.twilioTrustProxy);
    if (!verifyTwilioSignature(tokens, signature, url, params))
      this.context.reject(
        'Twilio',
        `X-Twilio-Signature does not match ${url} (set twilio.publicUrl to the URL Twilio calls, or twilio.trustProxy behind a proxy that sets X-Forwarded-Host)`,
      );
    return params;
  }
}
