import { randomBytes, randomUUID } from 'node:crypto';
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

/** Postmark webhook record types the fake can send. */
export type PostmarkRecordType = 'Delivery' | 'Bounce' | 'SpamComplaint' | 'SubscriptionChange';

/** Options of a webhook POST from `FakePostmarkServer`. */
export interface PostmarkCallbackOptions extends CallbackTampering {
  /** @default `webhookUrl` */
  url?: string;
  /** Send these Basic auth credentials instead of the server's (wrong ones). */
  credentials?: { username: string; password: string };
}

const EMAIL = /^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/;

/**
 * Postmark's `POST /email` and `POST /email/batch` on 127.0.0.1: checks
 * `X-Postmark-Server-Token` and the JSON body (From, To, Subject, a body,
 * base64 attachments), answers `{ To, SubmittedAt, MessageID, ErrorCode: 0,
 * Message: "OK" }` or Postmark's `{ ErrorCode, Message }` (422 with 300
 * invalid, 406 inactive recipient; 401 with 10 bad token). Addresses in
 * `inactive` are refused with 406. Webhooks are posted with the Basic auth
 * credentials Postmark takes from the webhook URL.
 *
 * @example
 * const pm = await new FakePostmarkServer().start();
 * // mail backend: { driver: 'postmark', postmark: { serverToken: pm.serverToken, baseUrl: pm.url } }
 */
export class FakePostmarkServer extends FakeProviderServer {
  readonly inactive = new Set<string>();
  /** Basic auth credentials of the webhook: give them to `NotificationWebhooksModule`'s `postmark`. */
  readonly webhookUsername = 'postmark';
  readonly webhookPassword = randomBytes(18).toString('base64url');
  /** Where the webhooks post (your app's route). */
  webhookUrl?: string;
  private readonly sentById = new Map<string, string>();

  constructor(readonly serverToken = 'pm-server-token') {
    super();
  }

  /** `MessageID`s of accepted mails, oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  /** Accepted message bodies, oldest first. */
  get mails(): any[] {
    return this.received.flatMap((r) => ((r as any).accepted as unknown[]) ?? []);
  }

  /**
   * A webhook record about mail `messageId` as Postmark posts it; `extra` adds or overrides fields.
   *
   * @example pm.event(id, 'Bounce', { Type: 'SoftBounce', TypeCode: 4096 })
   */
  event(
    messageId: string,
    type: PostmarkRecordType,
    extra: Record<string, unknown> = {},
  ): Record<string, unknown> {
    const to = this.sentById.get(messageId) ?? 'unknown@example.com';
    const now = new Date().toISOString();
    const base = {
      RecordType: type,
      MessageID: messageId,
      ServerID: 23,
      MessageStream: 'outbound',
      Tag: '',
      Metadata: {},
    };
    switch (type) {
      case 'Delivery':
        return { ...base, Recipient: to, DeliveredAt: now, Details: 'smtp;250 2.0.0 OK', ...extra };
      case 'SubscriptionChange':
        return {
          ...base,
          Recipient: to,
          ChangedAt: now,
          Origin: 'Recipient',
          SuppressSending: true,
          SuppressionReason: 'ManualSuppression',
          ...extra,
        };
      default:
        return {
          ...base,
          ID: Math.floor(Math.random() * 1e12),
          Type: type === 'SpamComplaint' ? 'SpamComplaint' : 'HardBounce',
          TypeCode: type === 'SpamComplaint' ? 512 : 1,
          Name: type === 'SpamComplaint' ? 'Spam complaint' : 'Hard bounce',
          Description:
            type === 'SpamComplaint'
              ? 'The subscriber explicitly marked this message as spam.'
              : 'The server was unable to deliver your message (ex: unknown user, mailbox not found).',
          Details:
            type === 'SpamComplaint'
              ? ''
              : 'smtp;550 5.1.1 The email account that you tried to reach does not exist.',
          Email: to,
          From: 'sender@example.com',
          BouncedAt: now,
          Inactive: true,
          CanActivate: true,
          Subject: 'Test subject',
          ...extra,
        };
    }
  }

  /** Posts one webhook record as Postmark does (JSON, `Authorization: Basic`). Answers what your app answered. */
  sendEvent(event: object, options: PostmarkCallbackOptions = {}): Promise<CallbackResponse> {
    const url = options.url ?? this.webhookUrl;
    if (!url) throw new Error('set webhookUrl (or options.url) before sending events');
    const { username, password } = options.credentials ?? {
      username: this.webhookUsername,
      password: this.webhookPassword,
    };
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'user-agent': 'Postmark',
    };
    if (!options.omitSignature)
      headers.authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
    let body = JSON.stringify(event);
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, headers);
  }

  protected override errorBody(status: number): unknown {
    return status === 429
      ? { ErrorCode: 429, Message: 'Rate limit exceeded, retry later.' }
      : { ErrorCode: 100, Message: `injected failure ${status}` };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    const batch = request.path === '/email/batch';
    if (request.method !== 'POST' || (request.path !== '/email' && !batch))
      return { status: 404, body: { ErrorCode: 404, Message: 'Not found' } };
    const token = request.headers['x-postmark-server-token'];
    if (!token)
      return pmError(
        401,
        10,
        'No Account or Server API tokens were supplied in the HTTP headers. Please add a header for either X-Postmark-Server-Token or X-Postmark-Account-Token.',
      );
    if (token !== this.serverToken)
      return pmError(
        401,
        10,
        'The Server Token you provided in the X-Postmark-Server-Token request header was invalid. Please verify that you are using a valid token.',
      );
    if (request.json === undefined) return pmError(422, 402, 'Received invalid JSON input.');
    if (!batch) return this.one(request, request.json);
    if (!Array.isArray(request.json) || request.json.length > 500)
      return pmError(422, 300, 'Provide an array of at most 500 messages.');
    const answers = request.json.map((m: unknown) => {
      const answer = this.one(request, m);
      return answer.status === 200 ? answer.body : { ...(answer.body as object), To: '' };
    });
    return { status: 200, body: answers };
  }

  private one(request: ReceivedRequest, mail: any): FakeResponse {
    if (!mail || typeof mail !== 'object') return pmError(422, 300, 'Invalid email request');
    const list = (value: unknown) =>
      typeof value === 'string' && value.trim()
        ? (value.match(/(?:"(?:[^"\\]|\\.)*"|[^,])+/g) ?? []).map((a) => addressIn(a.trim()))
        : [];
    const from = list(mail.From);
    if (from.length !== 1 || !EMAIL.test(from[0]))
      return pmError(422, 300, `Invalid 'From' address: '${mail.From ?? ''}'.`);
    const to = list(mail.To);
    const all = [...to, ...list(mail.Cc), ...list(mail.Bcc)];
    if (to.length === 0) return pmError(422, 300, "Invalid 'To' address: ''.");
    const bad = all.find((a) => !EMAIL.test(a));
    if (bad) return pmError(422, 300, `Invalid 'To' address: '${bad}'.`);
    if (all.length > 50) return pmError(422, 300, 'Maximum of 50 recipients allowed.');
    if (!mail.HtmlBody && !mail.TextBody)
      return pmError(422, 300, 'Provide either email TextBody or HtmlBody or both.');
    for (const a of mail.Attachments ?? [])
      if (!a?.Name || typeof a.Content !== 'string' || !/^[A-Za-z0-9+/]*={0,2}$/.test(a.Content))
        return pmError(422, 300, 'Attachments must have a Name and base64 Content.');
    for (const h of mail.Headers ?? [])
      if (typeof h?.Name !== 'string' || typeof h.Value !== 'string')
        return pmError(422, 300, 'Headers must be a list of { Name, Value }.');
    const inactive = all.filter((a) => this.inactive.has(a));
    if (inactive.length)
      return pmError(
        422,
        406,
        `You tried to send to recipient(s) that have been marked as inactive. Found inactive addresses: ${inactive.join(', ')}. Inactive recipients are ones that have generated a hard bounce, a spam complaint, or a manual suppression.`,
      );
    const id = randomUUID();
    this.sentById.set(id, to[0]);
    (((request as any).accepted ??= []) as unknown[]).push(mail);
    return {
      status: 200,
      body: {
        To: mail.To,
        SubmittedAt: new Date().toISOString(),
        MessageID: id,
        ErrorCode: 0,
        Message: 'OK',
      },
    };
  }
}

/** The address of `"Name" <a@b.c>` or `a@b.c`. */
function addressIn(mailbox: string): string {
  const match = /<([^>]*)>\s*$/.exec(mailbox);
  return match ? match[1] : mailbox;
}

function pmError(status: number, code: number, message: string): FakeResponse {
  return { status, body: { ErrorCode: code, Message: message } };
}
