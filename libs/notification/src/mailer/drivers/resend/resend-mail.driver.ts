import type { MailMessage, ResendDriverConfig } from '@herald/contracts';
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

/** Resend's error body. */
interface ResendError {
  statusCode?: number;
  name?: string;
  message?: string;
}

/**
 * Resend `POST /emails` with a Bearer API key and `Idempotency-Key`. Answers
 * 200 `{ id }`; errors are `{ statusCode, name, message }` (422
 * `validation_error`, 429 `rate_limit_exceeded` with `retry-after`, 401/403
 * for a missing or invalid key). Tags and metadata become Resend `tags`
 * (`{ name, value }`; a Herald tag is `{ name: tag, value: 'true' }`).
 */
export class ResendMailDriver implements MailProviderDriver {
  readonly driver = 'resend';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: ResendDriverConfig,
  ) {
    this.context = { channel: 'mail', backend, provider: 'Resend' };
    this.http = new HttpClient(this.context);
    this.url = `${config.baseUrl.replace(/\/$/, '')}/emails`;
  }

  async send(
    message: MailMessage,
    traceHeaders: Record<string, string>,
  ): Promise<MailDriverResult> {
    const body = JSON.stringify(toResend(message));
    const headers: Record<string, string | number> = {
      ...traceHeaders,
      authorization: `Bearer ${this.config.apiKey}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (message.idempotencyKey) headers['idempotency-key'] = message.idempotencyKey;
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    const json = parseJsonBody<ResendError & { id?: string }>(response.body);
    if (response.status === 200 && typeof json?.id === 'string')
      return { messageId: json.id, accepted: recipientsOf(message), rejected: [] };
    const reason: DeliveryFailureReason | undefined =
      response.status === 422 && /\b(to|cc|bcc|email address)\b/i.test(json?.message ?? '')
        ? 'invalid_recipient'
        : response.status === 409
          ? 'bad_request'
          : undefined;
    throw httpDeliveryError(this.context, response, {
      message: json?.message,
      providerCode: json?.name,
      reason,
    });
  }

  close(): void {
    this.http.close();
  }
}

/** The `POST /emails` body. */
export function toResend(message: MailMessage): Record<string, unknown> {
  const body: Record<string, unknown> = {
    from: mailbox(message.from!),
    to: message.to.map(mailbox),
    subject: message.subject,
  };
  if (message.cc?.length) body.cc = message.cc.map(mailbox);
  if (message.bcc?.length) body.bcc = message.bcc.map(mailbox);
  if (message.replyTo) body.reply_to = [mailbox(message.replyTo)];
  if (message.html) body.html = message.html;
  if (message.text) body.text = message.text;
  if (message.headers && Object.keys(message.headers).length) body.headers = message.headers;
  const tags = [
    ...(message.tags ?? []).map((name) => ({ name, value: 'true' })),
    ...Object.entries(message.metadata ?? {}).map(([name, value]) => ({ name, value })),
  ];
  if (tags.length) body.tags = tags;
  if (message.attachments?.length)
    body.attachments = message.attachments.map((a) => ({
      filename: a.filename,
      content: base64Of(a.content),
      ...(a.contentType ? { content_type: a.contentType } : {}),
      ...(a.contentId ? { content_id: a.contentId } : {}),
    }));
  return body;
}
