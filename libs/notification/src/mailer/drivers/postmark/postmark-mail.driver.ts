import type { MailMessage, PostmarkDriverConfig } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { MailProviderDriver, MailDriverResult } from '../../mail-driver.interface.js';
import { recipientsOf } from '../../mail-validation.util.js';
import { base64Of, mailbox } from '../mailbox.util.js';

/** Postmark's answer to `POST /email`, success or error. */
interface PostmarkAnswer {
  ErrorCode?: number;
  Message?: string;
  MessageID?: string;
}

/** Postmark `ErrorCode`s that name the recipient: 406 inactive (bounced, complained, unsubscribed). */
const RECIPIENT_ERRORS = new Set([406]);

/**
 * Postmark `POST /email` with `X-Postmark-Server-Token`. Answers 200 with
 * `MessageID`; errors come as 422 (`ErrorCode` 300 invalid request, 406
 * inactive recipient, ...), 401 for a bad token, 429 with `Retry-After`.
 * The first tag becomes `Tag` (Postmark keeps one), metadata `Metadata`.
 */
export class PostmarkMailDriver implements MailProviderDriver {
  readonly driver = 'postmark';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: PostmarkDriverConfig,
  ) {
    this.context = { channel: 'mail', backend, provider: 'Postmark' };
    this.http = new HttpClient(this.context);
    this.url = `${config.baseUrl.replace(/\/$/, '')}/email`;
  }

  async send(
    message: MailMessage,
    traceHeaders: Record<string, string>,
  ): Promise<MailDriverResult> {
    const body = JSON.stringify(toPostmark(message, this.config.messageStream));
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers: {
        ...traceHeaders,
        accept: 'application/json',
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'x-postmark-server-token': this.config.serverToken,
      },
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    const json = parseJsonBody<PostmarkAnswer>(response.body);
    if (response.status === 200 && json?.ErrorCode === 0 && json.MessageID)
      return { messageId: json.MessageID, accepted: recipientsOf(message), rejected: [] };
    const code = typeof json?.ErrorCode === 'number' ? json.ErrorCode : undefined;
    const reason: DeliveryFailureReason | undefined =
      code !== undefined && RECIPIENT_ERRORS.has(code)
        ? 'invalid_recipient'
        : code === 300 && /address/i.test(json?.Message ?? '')
          ? 'invalid_recipient'
          : response.status === 422
            ? 'bad_request'
            : undefined;
    throw httpDeliveryError(this.context, response, {
      message: json?.Message,
      providerCode: code === undefined ? undefined : `ErrorCode ${code}`,
      reason,
    });
  }

  close(): void {
    this.http.close();
  }
}

/** The `POST /email` body. */
export function toPostmark(message: MailMessage, stream?: string): Record<string, unknown> {
  const body: Record<string, unknown> = {
    From: mailbox(message.from!),
    To: message.to.map(mailbox).join(', '),
    Subject: message.subject,
  };
  if (message.cc?.length) body.Cc = message.cc.map(mailbox).join(', ');
  if (message.bcc?.length) body.Bcc = message.bcc.map(mailbox).join(', ');
  if (message.replyTo) body.ReplyTo = mailbox(message.replyTo);
  if (message.html) body.HtmlBody = message.html;
  if (message.text) body.TextBody = message.text;
  if (message.headers && Object.keys(message.headers).length)
    body.Headers = Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value }));
  if (message.tags?.length) body.Tag = message.tags[0];
  if (message.metadata && Object.keys(message.metadata).length) body.Metadata = message.metadata;
  if (message.attachments?.length)
    body.Attachments = message.attachments.map((a) => ({
      Name: a.filename,
      Content: base64Of(a.content),
      ContentType: a.contentType ?? 'application/octet-stream',
      ...(a.contentId ? { ContentID: `cid:${a.contentId}` } : {}),
    }));
  if (stream) body.MessageStream = stream;
  return body;
}
