import { generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { sendgridSignature } from '../../webhooks/sendgrid/sendgrid-signature.util.js';
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

/** Event Webhook events the fake can send. */
export type SendgridEventType =
  'processed' | 'delivered' | 'deferred' | 'bounce' | 'dropped' | 'spamreport' | 'open';

/** One Event Webhook event, as SendGrid posts it. */
export interface SendgridWebhookEvent {
  email: string;
  timestamp: number;
  event: SendgridEventType | (string & {});
  sg_event_id: string;
  sg_message_id: string;
  [field: string]: unknown;
}

/** Options of a signed Event Webhook POST from `FakeSendgridServer`. */
export interface SendgridCallbackOptions extends CallbackTampering {
  /** @default `eventWebhookUrl` */
  url?: string;
  /** Unix seconds to sign with (an old one tests the replay window). @default now */
  timestamp?: number;
  /** Sign with this private key instead of the server's (a wrong key). */
  signWith?: KeyObject;
}

/**
 * SendGrid's v3 `POST /v3/mail/send` on 127.0.0.1: checks the Bearer API key
 * and the request body (personalizations, from, subject, content or
 * template, attachment encoding), answers 202 with `X-Message-Id`, or
 * SendGrid's `{ errors: [{ message, field, help }] }`. Addresses in
 * `bouncing` are refused as invalid.
 *
 * @example
 * const sg = await new FakeSendgridServer().start();
 * // mail backend: { driver: 'sendgrid', sendgrid: { apiKey: sg.apiKey, baseUrl: sg.url } }
 */
export class FakeSendgridServer extends FakeProviderServer {
  readonly apiKey: string;
  readonly bouncing = new Set<string>();
  /**
   * The Signed Event Webhook verification key (base64 DER, as SendGrid's
   * settings page shows it): give it to `NotificationWebhooksModule`'s `sendgrid.publicKey`.
   */
  readonly webhookPublicKey: string;
  /** Where the Event Webhook posts (your app's route). */
  eventWebhookUrl?: string;
  private readonly signingKey: KeyObject;
  /** Accepted mails by `X-Message-Id`: their first recipient. */
  private readonly sentById = new Map<string, string>();

  constructor(apiKey = 'SG.test-key') {
    super();
    this.apiKey = apiKey;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.signingKey = privateKey;
    this.webhookPublicKey = publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
  }

  /** `X-Message-Id`s of accepted mails, oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  /**
   * An Event Webhook event about mail `messageId` (its `sg_message_id` is the
   * message id plus SendGrid's `.filter...` suffix); `extra` adds or overrides fields.
   *
   * @example sg.event(id, 'bounce', { reason: '550 5.1.1 unknown user', type: 'bounce' })
   */
  event(
    messageId: string,
    event: SendgridEventType,
    extra: Record<string, unknown> = {},
  ): SendgridWebhookEvent {
    return {
      email: this.sentById.get(messageId) ?? 'unknown@example.com',
      timestamp: Math.floor(Date.now() / 1000),
      event,
      sg_event_id: randomBytes(16).toString('base64url'),
      sg_message_id: `${messageId}.recvd-${randomBytes(4).toString('hex')}-1-0`,
      'smtp-id': `<${messageId}@ismtpd0001p1>`,
      ...(event === 'bounce'
        ? { type: 'bounce', reason: '550 5.1.1 user unknown', status: '5.1.1' }
        : {}),
      ...extra,
    };
  }

  /**
   * Posts `events` to the Event Webhook as SendGrid does: a JSON array,
   * signed (`X-Twilio-Email-Event-Webhook-Signature` over the timestamp and
   * the body, ECDSA P-256). Answers what your app answered.
   *
   * @example await sg.sendEvents([sg.event(id, 'delivered'), sg.event(id, 'spamreport')])
   */
  sendEvents(
    events: readonly object[],
    options: SendgridCallbackOptions = {},
  ): Promise<CallbackResponse> {
    const url = options.url ?? this.eventWebhookUrl;
    if (!url) throw new Error('set eventWebhookUrl (or options.url) before sending events');
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    let body = JSON.stringify(events);
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'SendGrid Event API',
    };
    if (!options.omitSignature) {
      headers['x-twilio-email-event-webhook-signature'] = sendgridSignature(
        options.signWith ?? this.signingKey,
        timestamp,
        Buffer.from(body, 'utf8'),
      );
      headers['x-twilio-email-event-webhook-timestamp'] = timestamp;
    }
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, headers);
  }

  /** Request bodies accepted, oldest first. */
  get mails(): any[] {
    return this.received.filter((r) => (r as any).accepted).map((r) => r.json);
  }

  protected override errorBody(status: number): unknown {
    return { errors: [{ message: `injected failure ${status}`, field: null, help: null }] };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method !== 'POST' || request.path !== '/v3/mail/send')
      return sgError(404, 'Not found', null);
    if (request.headers.authorization !== `Bearer ${this.apiKey}`) {
      return sgError(401, 'The provided authorization grant is invalid, expired, or revoked', null);
    }
    const mail = request.json;
    if (!mail) return sgError(400, 'Bad Request', null);
    const problems: Array<[string, string]> = [];
    const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
    if (!Array.isArray(mail.personalizations) || mail.personalizations.length === 0)
      problems.push([
        'personalizations',
        'The personalizations field is required and must have at least one personalization.',
      ]);
    (mail.personalizations ?? []).forEach((p: any, i: number) => {
      if (!Array.isArray(p.to) || p.to.length === 0)
        problems.push([
          `personalizations.${i}.to`,
          'The to array is required for all personalization objects, and must have at least one email object with a valid email address.',
        ]);
      for (const field of ['to', 'cc', 'bcc']) {
        for (const a of p[field] ?? []) {
          if (!email.test(String(a?.email)))
            problems.push([`personalizations.${i}.${field}`, 'Does not contain a valid address.']);
          else if (this.bouncing.has(a.email))
            problems.push([
              `personalizations.${i}.${field}`,
              `The email address ${a.email} is on the bounce list.`,
            ]);
        }
      }
    });
    if (!mail.from || !email.test(String(mail.from.email)))
      problems.push(['from.email', 'The from email does not contain a valid address.']);
    if (!mail.template_id) {
      if (typeof mail.subject !== 'string' || mail.subject === '')
        problems.push(['subject', 'The subject is required.']);
      if (!Array.isArray(mail.content) || mail.content.length === 0)
        problems.push([
          'content',
          'Unless a valid template_id is provided, the content parameter is required.',
        ]);
      else if (
        mail.content[0].type !== 'text/plain' &&
        mail.content.some((c: any) => c.type === 'text/plain')
      )
        problems.push(['content', 'If present, text/plain must be first.']);
    }
    (mail.attachments ?? []).forEach((a: any, i: number) => {
      if (!a.filename)
        problems.push([
          `attachments.${i}.filename`,
          'The attachment filename parameter is required.',
        ]);
      if (typeof a.content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.content))
        problems.push([
          `attachments.${i}.content`,
          'The attachment content must be base64 encoded.',
        ]);
      if (a.disposition === 'inline' && !a.content_id)
        problems.push([
          `attachments.${i}.content_id`,
          'The content_id parameter is required if your attachment has a disposition of inline.',
        ]);
    });
    if (problems.length > 0)
      return {
        status: 400,
        body: { errors: problems.map(([field, message]) => ({ message, field, help: null })) },
      };
    (request as any).accepted = true;
    const messageId = randomBytes(11).toString('base64url');
    this.sentById.set(messageId, String(mail.personalizations[0].to[0].email));
    return { status: 202, body: '', headers: { 'x-message-id': messageId } };
  }
}

function sgError(status: number, message: string, field: string | null): FakeResponse {
  return { status, body: { errors: [{ message, field, help: null }] } };
}
