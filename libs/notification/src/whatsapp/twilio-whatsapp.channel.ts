import type { OnApplicationShutdown, Type } from '@nestjs/common';
import { E164_PATTERN, HeraldConfigError, type ConfigProblem } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import type {
  ChannelSendContext,
  ChannelSendResult,
  NotifierChannel,
} from '../notifier/channels/notifier-channel.interface.js';
import type { RecipientProfile } from '../notifier/recipients/recipient.interface.js';
import { twilioFailureReason } from '../sms/drivers/twilio/twilio-sms.driver.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../utils/http-client.util.js';
import { WhatsAppSessionWindowError } from './errors/whatsapp-session-window.error.js';
import type { WhatsAppContent } from './whatsapp-content.interface.js';

/** Settings of `TwilioWhatsAppChannel`. */
export interface TwilioWhatsAppOptions {
  /** Twilio Account SID (`AC...`). */
  accountSid: string;
  /** Twilio auth token (never logged). */
  authToken: string;
  /** The WhatsApp sender, E.164 (`+14155238886`); sent as `whatsapp:+...`. */
  from: string;
  /** @default 'https://api.twilio.com' */
  baseUrl?: string;
  /** Public URL of Twilio's status-callback route (`.../webhooks/twilio/status`), sent as `StatusCallback`. */
  statusCallbackUrl?: string;
  /** Request timeout, seconds. @default 10 */
  timeout?: number;
}

const CONTENT_SID = /^HX[0-9a-fA-F]{32}$/;

/**
 * WhatsApp through Twilio's Messages API, as a notifier channel named
 * `whatsapp`: a notification renders it with `toWhatsApp(recipient)` (a
 * `WhatsAppContent`), the address is `routes.whatsapp` (or the recipient's
 * phone), and the message goes to `whatsapp:+E164` as an approved content
 * template (`ContentSid`, `ContentVariables` as JSON) or a free-form `Body`.
 * Twilio's 63016 (free-form outside the 24-hour window) is a
 * `WhatsAppSessionWindowError`; status callbacks arrive on Twilio's signed
 * status route. Register it with `twilioWhatsAppChannel(options)`.
 */
export class TwilioWhatsAppChannel
  implements NotifierChannel<WhatsAppContent>, OnApplicationShutdown
{
  readonly name = 'whatsapp';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;
  private readonly authorization: string;
  private readonly timeoutMs: number;

  constructor(private readonly options: TwilioWhatsAppOptions) {
    const problems = checkOptions(options);
    if (problems.length > 0)
      throw new HeraldConfigError(problems, 'Invalid TwilioWhatsAppChannel options');
    this.context = { channel: 'whatsapp', backend: 'whatsapp', provider: 'Twilio' };
    this.http = new HttpClient(this.context);
    this.url = `${(options.baseUrl ?? 'https://api.twilio.com').replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(options.accountSid)}/Messages.json`;
    this.authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
    this.timeoutMs = (options.timeout ?? 10) * 1000;
  }

  addressOf(recipient: RecipientProfile): string | undefined {
    return recipient.routes?.whatsapp ?? recipient.phone;
  }

  async send(
    _recipient: RecipientProfile,
    rendered: WhatsAppContent,
    context: ChannelSendContext,
  ): Promise<ChannelSendResult> {
    const to = context.address.replace(/^whatsapp:/, '');
    if (!E164_PATTERN.test(to))
      throw this.refuse(
        'invalid_recipient',
        `the address ${JSON.stringify(to.slice(0, 32))} is not a phone number in E.164 form (e.g. +15005550006)`,
      );
    const form = new URLSearchParams({
      To: `whatsapp:${to}`,
      From: `whatsapp:${this.options.from}`,
    });
    this.content(rendered, form);
    if (this.options.statusCallbackUrl) form.set('StatusCallback', this.options.statusCallbackUrl);
    const body = form.toString();
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers: {
        authorization: this.authorization,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        accept: 'application/json',
        ...(context.idempotencyKey ? { 'i-twilio-idempotency-token': context.idempotencyKey } : {}),
      },
      body,
      timeoutMs: this.timeoutMs,
    });
    const json = parseJsonBody<{ sid?: string; code?: number; message?: string }>(response.body);
    if (response.status >= 200 && response.status < 300 && json?.sid)
      return { messageId: json.sid };
    if (json?.code === 63016)
      throw new WhatsAppSessionWindowError(this.context.backend, response.status);
    throw httpDeliveryError(this.context, response, {
      message:
        json?.message ?? (response.status < 300 ? 'answer without a message sid' : undefined),
      providerCode: json?.code === undefined ? undefined : String(json.code),
      reason: twilioFailureReason(response.status, json?.code),
    });
  }

  onApplicationShutdown(): void {
    this.http.close();
  }

  /** `ContentSid` + `ContentVariables`, or `Body`; anything else is a permanent bad_request naming the field. */
  private content(rendered: WhatsAppContent, form: URLSearchParams): void {
    const content = (rendered ?? {}) as Partial<Record<string, unknown>>;
    if (content.contentSid !== undefined) {
      if (typeof content.contentSid !== 'string' || !CONTENT_SID.test(content.contentSid))
        throw this.refuse(
          'bad_request',
          `toWhatsApp().contentSid must be a Content SID (HX and 32 hex digits)`,
        );
      form.set('ContentSid', content.contentSid);
      const variables = content.contentVariables;
      if (variables !== undefined) {
        if (
          !variables ||
          typeof variables !== 'object' ||
          Array.isArray(variables) ||
          Object.values(variables).some((v) => typeof v !== 'string')
        )
          throw this.refuse(
            'bad_request',
            'toWhatsApp().contentVariables must be an object of strings, e.g. { "1": "Ada" }',
          );
        form.set('ContentVariables', JSON.stringify(variables));
      }
      return;
    }
    if (typeof content.body !== 'string' || content.body.length === 0)
      throw this.refuse(
        'bad_request',
        'toWhatsApp() must return { contentSid, contentVariables } (an approved template) or { body } (inside the 24-hour session window)',
      );
    form.set('Body', content.body);
  }

  private refuse(reason: 'bad_request' | 'invalid_recipient', why: string): DeliveryError {
    return new DeliveryError(
      `WhatsApp message not sent on backend "${this.context.backend}": ${why}`,
      {
        reason,
        channel: 'whatsapp',
        backend: this.context.backend,
      },
    );
  }
}

/**
 * `TwilioWhatsAppChannel` with `options`, as a class for `NotifierModule`'s `channels`.
 * @example NotifierModule.forRoot({}, { channels: [twilioWhatsAppChannel({ accountSid, authToken, from: '+14155238886' })] })
 */
export function twilioWhatsAppChannel(options: TwilioWhatsAppOptions): Type<TwilioWhatsAppChannel> {
  return class extends TwilioWhatsAppChannel {
    constructor() {
      super(options);
    }
  };
}

function checkOptions(options: TwilioWhatsAppOptions): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const o = (options ?? {}) as Partial<TwilioWhatsAppOptions>;
  if (!o.accountSid || typeof o.accountSid !== 'string')
    problems.push({ path: 'accountSid', message: 'must be the Twilio Account SID (AC...)' });
  if (!o.authToken || typeof o.authToken !== 'string')
    problems.push({
      path: 'authToken',
      message: 'must be the Twilio auth token (a non-empty string)',
    });
  if (typeof o.from !== 'string' || !E164_PATTERN.test(o.from))
    problems.push({
      path: 'from',
      message: `must be the WhatsApp sender in E.164 form, e.g. +14155238886 (got ${JSON.stringify(String(o.from).slice(0, 32))})`,
    });
  for (const key of ['baseUrl', 'statusCallbackUrl'] as const)
    if (o[key] !== undefined && !(typeof o[key] === 'string' && /^https?:\/\/\S+$/.test(o[key])))
      problems.push({ path: key, message: 'must be an http(s) URL' });
  if (
    o.timeout !== undefined &&
    !(typeof o.timeout === 'number' && o.timeout >= 0.1 && Number.isFinite(o.timeout))
  )
    problems.push({
      path: 'timeout',
      message: `must be a number of seconds, at least 0.1 (got ${JSON.stringify(o.timeout)})`,
    });
  return problems;
}
