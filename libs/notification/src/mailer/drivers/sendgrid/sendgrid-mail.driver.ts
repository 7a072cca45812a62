import type { MailAddress, MailMessage, SendgridDriverConfig } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { MailProviderDriver, MailDriverResult } from '../../mail-driver.interface.js';
import { normalizeAddress, recipientsOf } from '../../mail-validation.util.js';

/**
 * SendGrid v3 `POST /v3/mail/send` with a Bearer API key. Answers 202 with
 * the message id in `X-Message-Id`. Tags become `categories`, metadata
 * `custom_args`, inline attachments `disposition: inline` with `content_id`.
 */
export class SendgridMailDriver implements MailProviderDriver {
  readonly driver = 'sendgrid';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;

  constructor(
    backend: string,
    private readonly config: SendgridDriverConfig,
  ) {
    this.context = { channel: 'mail', backend, provider: 'SendGrid' };
    this.http = new HttpClient(this.context);
  }

  async send(
    message: MailMessage,
    traceHeaders: Record<string, string>,
  ): Promise<MailDriverResult> {
    const body = JSON.stringify(toSendgrid(message, this.config.sandboxMode));
    const headers: Record<string, string | number> = {
      ...traceHeaders,
      authorization: `Bearer ${this.config.apiKey}`,
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
    };
    if (message.idempotencyKey) headers['idempotency-key'] = message.idempotencyKey;
    const url = `${this.config.baseUrl.replace(/\/$/, '')}/v3/mail/send`;
    const response = await this.http.request(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    if (response.status === 202 || response.status === 200) {
      const id = response.headers['x-message-id'];
      return {
        messageId: String(Array.isArray(id) ? id[0] : (id ?? '')),
        accepted: recipientsOf(message),
        rejected: [],
      };
    }
    const json = parseJsonBody<{ errors?: Array<{ message?: string; field?: string | null }> }>(
      response.body,
    );
    const first = json?.errors?.[0];
    const reason: DeliveryFailureReason | undefined =
      response.status === 400 && /email/i.test(`${first?.field ?? ''} ${first?.message ?? ''}`)
        ? 'invalid_recipient'
        : response.status === 404
          ? 'bad_request'
          : undefined;
    throw httpDeliveryError(this.context, response, {
      message: json?.errors
        ?.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message))
        .join('; '),
      reason,
    });
  }

  close(): void {
    this.http.close();
  }
}

function address(value: MailAddress): { email: string; name?: string } {
  const { name, address: email } = normalizeAddress(value);
  return name ? { email, name } : { email };
}

/** The v3 mail/send request body. */
export function toSendgrid(message: MailMessage, sandbox: boolean): Record<string, unknown> {
  const personalization: Record<string, unknown> = { to: message.to.map(address) };
  if (message.cc?.length) personalization.cc = message.cc.map(address);
  if (message.bcc?.length) personalization.bcc = message.bcc.map(address);
  const content: Array<{ type: string; value: string }> = [];
  if (message.text) content.push({ type: 'text/plain', value: message.text });
  if (message.html) content.push({ type: 'text/html', value: message.html });
  const body: Record<string, unknown> = {
    personalizations: [personalization],
    from: address(message.from!),
    subject: message.subject,
    content,
  };
  if (message.replyTo) body.reply_to = address(message.replyTo);
  if (message.headers && Object.keys(message.headers).length) body.headers = message.headers;
  if (message.tags?.length) body.categories = message.tags;
  if (message.metadata && Object.keys(message.metadata).length) body.custom_args = message.metadata;
  if (message.attachments?.length) {
    body.attachments = message.attachments.map((a) => ({
      content: Buffer.isBuffer(a.content)
        ? a.content.toString('base64')
        : Buffer.from(a.content).toString('base64'),
      filename: a.filename,
      ...(a.contentType ? { type: a.contentType } : {}),
      disposition: a.contentId ? 'inline' : 'attachment',
      ...(a.contentId ? { content_id: a.contentId } : {}),
    }));
  }
  if (sandbox) body.mail_settings = { sandbox_mode: { enable: true } };
  return body;
}
