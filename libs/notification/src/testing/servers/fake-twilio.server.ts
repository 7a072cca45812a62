import { randomBytes } from 'node:crypto';
import { twilioSignature } from '../../webhooks/twilio/twilio-signature.util.js';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';
import {
  postCallback,
  type CallbackResponse,
  type CallbackTampering,
} from './post-callback.util.js';

/** A message status Twilio reports in a status callback. */
export type TwilioCallbackStatus = 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed';

/** Options of a signed callback from `FakeTwilioServer`. */
export interface TwilioCallbackOptions extends CallbackTampering {
  /** Twilio error code of `undelivered` / `failed` (`30003`, `21610`, ...). */
  errorCode?: string | number;
  /** Where to send it. @default the message's `StatusCallback` */
  url?: string;
  /** Sign with this token instead of the account's (a wrong key). */
  signWith?: string;
}

/** An inbound SMS the fake delivers to your app's inbound webhook. */
export interface TwilioInboundSms extends CallbackTampering {
  url: string;
  from: string;
  to: string;
  body: string;
  /** @default a new `SM...` sid */
  messageSid?: string;
  signWith?: string;
}

export interface FakeTwilioOptions {
  /** @default 'AC00000000000000000000000000000000' */
  accountSid?: string;
  /** @default 'test-auth-token' */
  authToken?: string;
}

const E164 = /^\+[1-9]\d{1,14}$/;

/**
 * Twilio's Messages REST API on 127.0.0.1: `POST
 * /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, Basic auth. Answers
 * 201 with a message resource, or Twilio's error JSON (`code`, `message`,
 * `more_info`, `status`): 20003 for bad credentials, 21211 for an invalid
 * `To`, 21610 for a number in `unsubscribed`.
 *
 * @example
 * const twilio = await new FakeTwilioServer().start();
 * // config: { driver: 'twilio', twilio: { accountSid: twilio.accountSid, authToken: twilio.authToken, fromNumber: '+15005550006', baseUrl: twilio.url } }
 * expect(twilio.messages[0].To).toBe('+15551234567');
 */
export class FakeTwilioServer extends FakeProviderServer {
  readonly accountSid: string;
  readonly authToken: string;
  /** Numbers that answer 21610 (the recipient replied STOP). */
  readonly unsubscribed = new Set<string>();
  /**
   * WhatsApp content templates the account has approved: Content SID (`HX...`)
   * → its text with `{{1}}`-style placeholders. Any other `ContentSid` answers 21655.
   */
  readonly contentTemplates = new Map<string, string>();
  /**
   * WhatsApp numbers (E.164) whose 24-hour session window is open (they wrote
   * in lately); a free-form `Body` to any other answers 63016.
   */
  readonly whatsappSessions = new Set<string>();
  /** Accepted messages by sid: their form fields. */
  private readonly sentBySid = new Map<string, Record<string, string>>();

  constructor(options: FakeTwilioOptions = {}) {
    super();
    this.accountSid = options.accountSid ?? 'AC00000000000000000000000000000000';
    this.authToken = options.authToken ?? 'test-auth-token';
  }

  /** Form fields of every accepted message, oldest first. */
  get messages(): Array<Record<string, string>> {
    return this.received
      .filter((r) => r.form && (r as ReceivedRequest & { accepted?: boolean }).accepted)
      .map((r) => r.form!);
  }

  /** The sids of accepted messages, oldest first. */
  get sids(): string[] {
    return [...this.sentBySid.keys()];
  }

  /**
   * Sends the status callback Twilio would send for message `sid`: a signed
   * (`X-Twilio-Signature`) form POST to the message's `StatusCallback` (or
   * `options.url`). Answers what your app answered.
   *
   * @example expect((await twilio.sendStatusCallback(sid, 'delivered')).status).toBe(200)
   */
  sendStatusCallback(
    sid: string,
    status: TwilioCallbackStatus,
    options: TwilioCallbackOptions = {},
  ): Promise<CallbackResponse> {
    const message = this.sentBySid.get(sid);
    const url = options.url ?? message?.StatusCallback;
    if (!url)
      throw new Error(
        `message ${sid} was not sent with a StatusCallback; pass options.url or set twilio.status_callback_url`,
      );
    const form = new URLSearchParams({
      AccountSid: this.accountSid,
      ApiVersion: '2010-04-01',
      MessageSid: sid,
      SmsSid: sid,
      MessageStatus: status,
      SmsStatus: status,
      To: message?.To ?? '',
      From: message?.From ?? '',
    });
    if (options.errorCode !== undefined) form.set('ErrorCode', String(options.errorCode));
    return this.signedPost(url, form, options);
  }

  /** Sends an inbound SMS (e.g. `STOP`) to your app's inbound webhook, signed as Twilio does. */
  sendInboundSms(sms: TwilioInboundSms): Promise<CallbackResponse> {
    const sid = sms.messageSid ?? `SM${randomBytes(16).toString('hex')}`;
    const form = new URLSearchParams({
      ToCountry: 'US',
      SmsMessageSid: sid,
      NumMedia: '0',
      SmsSid: sid,
      SmsStatus: 'received',
      Body: sms.body,
      To: sms.to,
      NumSegments: '1',
      MessageSid: sid,
      AccountSid: this.accountSid,
      From: sms.from,
      ApiVersion: '2010-04-01',
    });
    return this.signedPost(sms.url, form, sms);
  }

  /**
   * POSTs any form to `url` signed as Twilio signs requests, for payloads
   * the helpers above do not build (e.g. a malformed callback).
   */
  signedPost(
    url: string,
    params: URLSearchParams | Record<string, string>,
    options: CallbackTampering & { signWith?: string } = {},
  ): Promise<CallbackResponse> {
    const form = params instanceof URLSearchParams ? params : new URLSearchParams(params);
    let body = form.toString();
    const headers: Record<string, string> = {
      'content-type': 'application/x-www-form-urlencoded',
      'user-agent': 'TwilioProxy/1.1',
    };
    if (!options.omitSignature)
      headers['x-twilio-signature'] = twilioSignature(
        options.signWith ?? this.authToken,
        url,
        form,
      );
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, headers);
  }

  protected override idempotencyKey(request: ReceivedRequest): string | undefined {
    const key = request.headers['i-twilio-idempotency-token'];
    return typeof key === 'string' ? key : undefined;
  }

  protected override errorBody(status: number): unknown {
    const code = status === 429 ? 20429 : status === 401 ? 20003 : 20500;
    return {
      code,
      message: `injected failure ${status}`,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    };
  }

  private whatsapp(form: Record<string, string>, to: string): FakeResponse | undefined {
    return whatsappRules(form, to, this.contentTemplates, this.whatsappSessions);
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const path = `/2010-04-01/Accounts/${this.accountSid}/Messages.json`;
    if (request.method !== 'POST' || request.path !== path) {
      return twilioError(404, 20404, `The requested resource ${request.path} was not found`);
    }
    const expected = `Basic ${Buffer.from(`${this.accountSid}:${this.authToken}`).toString('base64')}`;
    if (request.headers.authorization !== expected) return twilioError(401, 20003, 'Authenticate');
    const form = request.form;
    if (!form)
      return twilioError(400, 21620, 'Content-Type must be application/x-www-form-urlencoded');
    const whatsapp = form.To?.startsWith('whatsapp:');
    const to = whatsapp ? form.To.slice('whatsapp:'.length) : form.To;
    if (!to || !E164.test(to))
      return twilioError(
        400,
        21211,
        `The 'To' number ${form.To ?? ''} is not a valid phone number.`,
      );
    if (!form.From && !form.MessagingServiceSid)
      return twilioError(400, 21603, "A 'From' phone number is required.");
    if (whatsapp) {
      const answer = this.whatsapp(form, to);
      if (answer) return answer;
    } else if (!form.Body) return twilioError(400, 21602, 'Message body is required.');
    if (this.unsubscribed.has(form.To))
      return twilioError(400, 21610, 'Attempt to send to unsubscribed recipient');
    (request as ReceivedRequest & { accepted?: boolean }).accepted = true;
    const sid = `SM${randomBytes(16).toString('hex')}`;
    this.sentBySid.set(sid, form);
    return {
      status: 201,
      body: {
        sid,
        account_sid: this.accountSid,
        to: form.To,
        from: form.From ?? null,
        messaging_service_sid: form.MessagingServiceSid ?? null,
        body: form.Body,
        status: 'queued',
        num_segments: String(Math.ceil((form.Body ?? '').length / 160) || 1),
        date_created: new Date().toUTCString(),
        uri: `/2010-04-01/Accounts/${this.accountSid}/Messages/${sid}.json`,
      },
    };
  }
}

/** The WhatsApp rules of the fake: an approved template, or a Body inside the session window. */
function whatsappRules(
  form: Record<string, string>,
  to: string,
  templates: ReadonlyMap<string, string>,
  sessions: ReadonlySet<string>,
): FakeResponse | undefined {
  if (form.From && !form.From.startsWith('whatsapp:'))
    return twilioError(
      400,
      21910,
      'Invalid From and To pair. From and To should be of the same channel',
    );
  if (form.ContentSid) {
    const template = templates.get(form.ContentSid);
    if (template === undefined) return twilioError(400, 21655, 'The ContentSid is Invalid');
    let variables: Record<string, unknown> = {};
    if (form.ContentVariables) {
      try {
        variables = JSON.parse(form.ContentVariables);
      } catch {
        return twilioError(400, 21656, 'The ContentVariables Parameter is invalid');
      }
      if (!variables || typeof variables !== 'object' || Array.isArray(variables))
        return twilioError(400, 21656, 'The ContentVariables Parameter is invalid');
    }
    // what the recipient reads: the template with its variables filled in
    form.Body = template.replace(/\{\{(\w+)\}\}/g, (_, key: string) =>
      String(variables[key] ?? ''),
    );
    return undefined;
  }
  if (!form.Body) return twilioError(400, 21602, 'Message body is required.');
  if (!sessions.has(to))
    return twilioError(
      400,
      63016,
      'Failed to send freeform message because you are outside the allowed window. If you are using WhatsApp, please use a Message Template.',
    );
  return undefined;
}

function twilioError(status: number, code: number, message: string): FakeResponse {
  return {
    status,
    body: { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status },
  };
}
