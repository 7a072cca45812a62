import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  generateWebhookSecret,
  signWebhook,
  webhookSecretKey,
} from '../../notifier/webhooks/webhook-signature.util.js';
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

/** Resend webhook event types the fake can send. */
export type ResendEventType =
  | 'email.sent'
  | 'email.delivered'
  | 'email.delivery_delayed'
  | 'email.bounced'
  | 'email.complained';

/** Options of a signed webhook POST from `FakeResendServer`. */
export interface ResendCallbackOptions extends CallbackTampering {
  /** @default `webhookUrl` */
  url?: string;
  /** Unix seconds to sign with (an old one tests the replay window). @default now */
  timestamp?: number;
  /** The `svix-id` (the same one twice tests replay protection). @default a new `msg_...` id */
  id?: string;
  /** Sign with this `whsec_` secret instead of the server's (a wrong secret). */
  signWith?: string;
  /** Header names: Svix's `svix-*` (what Resend sends) or the specification's `webhook-*`. @default 'svix' */
  headerPrefix?: 'svix' | 'webhook';
}

const EMAIL = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;
const TAG = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * Resend's `POST /emails` and `POST /emails/batch` on 127.0.0.1: checks the
 * Bearer API key and the JSON body (from, to, subject, html / text, tags,
 * base64 attachments), honours `Idempotency-Key` (the same key and body
 * answer the same id; another body 409), answers `{ id }` or Resend's
 * `{ statusCode, name, message }` (422 `validation_error`, 401
 * `missing_api_key`, 403 `invalid_api_key`). Webhooks are signed the Svix
 * way with `webhookSecret`.
 *
 * @example
 * const rs = await new FakeResendServer().start();
 * // mail backend: { driver: 'resend', resend: { apiKey: rs.apiKey, baseUrl: rs.url } }
 */
export class FakeResendServer extends FakeProviderServer {
  /** The webhook signing secret: give it to `NotificationWebhooksModule`'s `resend.secret`. */
  readonly webhookSecret = generateWebhookSecret();
  /** Where the webhooks post (your app's route). */
  webhookUrl?: string;
  private readonly sentById = new Map<string, string>();
  private readonly idempotent = new Map<string, { digest: string; id: string }>();

  constructor(readonly apiKey = 're_test_key') {
    super();
  }

  /** Ids of accepted emails, oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  /** Accepted email bodies, oldest first. */
  get mails(): any[] {
    return this.received.flatMap((r) => ((r as any).accepted as unknown[]) ?? []);
  }

  /**
   * A webhook event about email `messageId`; `data` adds or overrides fields of `data`.
   *
   * @example rs.event(id, 'email.bounced', { bounce: { type: 'Transient', subType: 'MailboxFull', message: '...' } })
   */
  event(
    messageId: string,
    type: ResendEventType,
    data: Record<string, unknown> = {},
  ): Record<string, unknown> {
    return {
      type,
      created_at: new Date().toISOString(),
      data: {
        email_id: messageId,
        created_at: new Date().toISOString(),
        from: 'noreply@herald.test',
        to: [this.sentById.get(messageId) ?? 'unknown@example.com'],
        subject: 'Hi',
        ...(type === 'email.bounced'
          ? {
              bounce: {
                type: 'Permanent',
                subType: 'General',
                message: "The recipient's email address is on the suppression list.",
              },
            }
          : {}),
        ...data,
      },
    };
  }

  /** Posts one event as Resend does (JSON, `svix-id` / `svix-timestamp` / `svix-signature`). Answers what your app answered. */
  sendEvent(event: object, options: ResendCallbackOptions = {}): Promise<CallbackResponse> {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('set webhookUrl (or options.url) before sending events');
    const id = options.id ?? `msg_${randomBytes(14).toString('base64url')}`;
    const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
    let body = JSON.stringify(event);
    const prefix = options.headerPrefix ?? 'svix';
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Svix-Webhooks/1.0',
    };
    if (!options.omitSignature) {
      headers[`${prefix}-id`] = id;
      headers[`${prefix}-timestamp`] = String(timestamp);
      headers[`${prefix}-signature`] = signWebhook(
        [webhookSecretKey(options.signWith ?? this.webhookSecret)],
        id,
        timestamp,
        body,
      );
    }
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, headers);
  }

  protected override errorBody(status: number): unknown {
    return status === 429
      ? {
          statusCode: 429,
          name: 'rate_limit_exceeded',
          message: 'Too many requests. You can only make 2 requests per second.',
        }
      : { statusCode: status, name: 'application_error', message: `injected failure ${status}` };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const batch = request.path === '/emails/batch';
    if (request.method !== 'POST' || (request.path !== '/emails' && !batch))
      return rsError(404, 'not_found', 'The requested endpoint does not exist.');
    const auth = request.headers.authorization;
    if (!auth)
      return rsError(
        401,
        'missing_api_key',
        'Missing API key in the authorization header. Include the following header in the request: Authorization: Bearer YOUR_API_KEY',
      );
    if (auth !== `Bearer ${this.apiKey}`)
      return rsError(403, 'invalid_api_key', 'API key is invalid');
    if (request.json === undefined) return rsError(422, 'validation_error', 'Invalid JSON body.');
    const key = this.idempotencyKey(request);
    const digest = createHash('sha256').update(request.raw).digest('hex');
    const earlier = key ? this.idempotent.get(key) : undefined;
    if (earlier && earlier.digest !== digest)
      return rsError(
        409,
        'invalid_idempotent_request',
        'Same idempotency key used with a different request payload. Change your idempotency key or payload.',
      );
    if (earlier) return { status: 200, body: batch ? JSON.parse(earlier.id) : { id: earlier.id } };
    const mails: unknown[] = batch ? request.json : [request.json];
    if (!Array.isArray(mails) || mails.length === 0 || mails.length > 100)
      return rsError(422, 'validation_error', 'The batch must be an array of 1 to 100 emails.');
    for (const mail of mails) {
      const problem = validate(mail);
      if (problem) return rsError(422, 'validation_error', problem);
    }
    const ids = mails.map((mail: any) => {
      const id = randomUUID();
      this.sentById.set(id, addressIn(mail.to[0] ?? mail.to));
      return id;
    });
    (request as any).accepted = mails;
    const body = batch ? { data: ids.map((id) => ({ id })) } : { id: ids[0] };
    if (key) this.idempotent.set(key, { digest, id: batch ? JSON.stringify(body) : ids[0] });
    return { status: 200, body };
  }
}

/** Resend's validation message for `mail`, or `undefined` when it is valid. */
function validate(mail: any): string | undefined {
  if (!mail || typeof mail !== 'object') return 'The email must be an object.';
  if (typeof mail.from !== 'string' || !EMAIL.test(addressIn(mail.from)))
    return 'Invalid `from` field. The email address needs to follow the `email@example.com` or `Name <email@example.com>` format.';
  const to = typeof mail.to === 'string' ? [mail.to] : mail.to;
  if (!Array.isArray(to) || to.length === 0 || to.length > 50)
    return 'The `to` field must hold 1 to 50 addresses.';
  for (const field of ['to', 'cc', 'bcc', 'reply_to']) {
    const list = typeof mail[field] === 'string' ? [mail[field]] : (mail[field] ?? []);
    if (list.some((a: unknown) => typeof a !== 'string' || !EMAIL.test(addressIn(a))))
      return `Invalid \`${field}\` field. The email address needs to follow the \`email@example.com\` or \`Name <email@example.com>\` format.`;
  }
  if (typeof mail.subject !== 'string') return 'Missing `subject` field.';
  if (!mail.html && !mail.text && !mail.react) return 'Missing `html` or `text` field.';
  for (const tag of mail.tags ?? [])
    if (!TAG.test(String(tag?.name)) || !TAG.test(String(tag?.value)))
      return 'Tags should only contain ASCII letters, numbers, underscores, or dashes.';
  for (const a of mail.attachments ?? [])
    if (!a?.filename || typeof a.content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.content))
      return 'Attachments need a filename and base64 content.';
  return undefined;
}

function addressIn(mailbox: string): string {
  const match = /<([^>]*)>\s*$/.exec(mailbox);
  return match ? match[1] : mailbox.trim();
}

function rsError(status: number, name: string, message: string): FakeResponse {
  return { status, body: { statusCode: status, name, message } };
}
