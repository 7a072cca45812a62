import { randomBytes } from 'node:crypto';
import { mailgunSignature } from '../../webhooks/mailgun/mailgun-signature.util.js';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';
import { parseMultipartForm, type ReceivedFormPart } from './multipart-form-parser.util.js';
import {
  postCallback,
  type CallbackResponse,
  type CallbackTampering,
} from './post-callback.util.js';

/** Mailgun webhook events the fake can send. */
export type MailgunEventType = 'delivered' | 'failed' | 'complained' | 'unsubscribed' | 'opened';

/** Options of a signed webhook POST from `FakeMailgunServer`. */
export interface MailgunCallbackOptions extends CallbackTampering {
  /** @default `webhookUrl` */
  url?: string;
  /** Unix seconds to sign with (an old one tests the replay window). @default now */
  timestamp?: number;
  /** The token to sign (the same one twice tests replay protection). @default 50 random hex characters */
  token?: string;
  /** Sign with this key instead of the server's (a wrong key). */
  signWith?: string;
}

/** A message Mailgun accepted: its form fields by name (repeated ones in order). */
export interface MailgunReceivedMessage {
  fields: Record<string, string[]>;
  files: ReceivedFormPart[];
}

const EMAIL = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

/**
 * Mailgun's `POST /v3/{domain}/messages` on 127.0.0.1: checks Basic auth
 * `api:<key>`, the domain and the `multipart/form-data` fields (from, to,
 * subject, text / html, `h:` headers, `v:` variables, attachments), answers
 * `{ id: "<...>", message: "Queued. Thank you." }` or Mailgun's `{ message }`
 * errors (400, 401 `Forbidden`, 404 domain not found). Webhooks are signed
 * with `webhookSigningKey` (HMAC-SHA256 of timestamp + token).
 *
 * @example
 * const mg = await new FakeMailgunServer().start();
 * // mail backend: { driver: 'mailgun', mailgun: { apiKey: mg.apiKey, domain: mg.domain, baseUrl: mg.url } }
 */
export class FakeMailgunServer extends FakeProviderServer {
  /** The HTTP webhook signing key: give it to `NotificationWebhooksModule`'s `mailgun.signingKey`. */
  readonly webhookSigningKey = randomBytes(16).toString('hex');
  /** Where the webhooks post (your app's route). */
  webhookUrl?: string;
  readonly messages: MailgunReceivedMessage[] = [];
  private readonly sentById = new Map<string, string>();

  constructor(
    readonly apiKey = 'key-mailgun-test',
    readonly domain = 'mg.herald.test',
  ) {
    super();
  }

  /** Message ids of accepted mails without angle brackets (as the webhooks carry them), oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  /**
   * The `event-data` of a webhook about mail `messageId`; `extra` adds or overrides fields.
   *
   * @example mg.event(id, 'failed', { severity: 'temporary' })
   */
  event(
    messageId: string,
    event: MailgunEventType,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> {
    return {
      id: randomBytes(11).toString('base64url'),
      event,
      timestamp: Date.now() / 1000,
      recipient: this.sentById.get(messageId) ?? 'unknown@example.com',
      message: { headers: { 'message-id': messageId, from: 'noreply@herald.test', subject: 'Hi' } },
      ...(event === 'failed'
        ? {
            severity: 'permanent',
            reason: 'bounce',
            'delivery-status': {
              code: 550,
              message: '5.1.1 The email account that you tried to reach does not exist.',
              description: '',
            },
          }
        : {}),
      ...extra,
    };
  }

  /** Posts one webhook as Mailgun does: JSON `{ signature, "event-data" }`. Answers what your app answered. */
  sendEvent(eventData: object, options: MailgunCallbackOptions = {}): Promise<CallbackResponse> {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('set webhookUrl (or options.url) before sending events');
    const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
    const token = options.token ?? randomBytes(25).toString('hex');
    const signature = options.omitSignature
      ? undefined
      : {
          timestamp,
          token,
          signature: mailgunSignature(options.signWith ?? this.webhookSigningKey, timestamp, token),
        };
    let body = JSON.stringify({ ...(signature ? { signature } : {}), 'event-data': eventData });
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, {
      'content-type': 'application/json',
      'user-agent': 'mailgun/treq-16.12.0',
    });
  }

  protected override errorBody(status: number): unknown {
    return { message: status === 429 ? 'Too Many Requests' : `injected failure ${status}` };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const match = /^\/v3\/([^/]+)\/messages$/.exec(request.path);
    if (request.method !== 'POST' || !match) return { status: 404, body: { message: 'Not Found' } };
    const expected = `Basic ${Buffer.from(`api:${this.apiKey}`).toString('base64')}`;
    if (request.headers.authorization !== expected)
      return { status: 401, body: 'Forbidden', headers: { 'content-type': 'text/plain' } };
    if (decodeURIComponent(match[1]) !== this.domain)
      return mgError(404, `Domain not found: ${decodeURIComponent(match[1])}`);
    const parts = parseMultipartForm(request.raw, String(request.headers['content-type'] ?? ''));
    if (!parts) return mgError(400, 'the request body must be multipart/form-data');
    const fields: Record<string, string[]> = Object.create(null);
    const files = parts.filter((p) => p.filename !== undefined);
    for (const p of parts)
      if (p.filename === undefined) (fields[p.name] ??= []).push(p.value.toString('utf8'));
    if (!fields.from) return mgError(400, "'from' parameter is missing");
    if (!fields.to) return mgError(400, "'to' parameter is missing");
    const recipients = ['to', 'cc', 'bcc'].flatMap((f) => fields[f] ?? []).map(addressIn);
    const bad = [addressIn(fields.from[0]), ...recipients].find((a) => !EMAIL.test(a));
    if (bad)
      return mgError(
        400,
        `to parameter is not a valid address. please check documentation (${bad})`,
      );
    if (!fields.text && !fields.html && !fields.template)
      return mgError(400, "Need at least one of 'text', 'html' or 'template' parameters specified");
    if (files.some((f) => f.name !== 'attachment' && f.name !== 'inline'))
      return mgError(400, 'files must be sent as attachment or inline');
    const id = `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}.${randomBytes(8).toString('hex')}@${this.domain}`;
    this.sentById.set(id, addressIn(fields.to[0]));
    this.messages.push({ fields, files });
    return { status: 200, body: { id: `<${id}>`, message: 'Queued. Thank you.' } };
  }
}

function addressIn(mailbox: string): string {
  const match = /<([^>]*)>\s*$/.exec(mailbox);
  return match ? match[1] : mailbox.trim();
}

function mgError(status: number, message: string): FakeResponse {
  return { status, body: { message } };
}
