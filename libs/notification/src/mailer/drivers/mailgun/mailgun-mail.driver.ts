import type { MailgunDriverConfig, MailMessage } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { MailProviderDriver, MailDriverResult } from '../../mail-driver.interface.js';
import { recipientsOf } from '../../mail-validation.util.js';
import { mailbox } from '../mailbox.util.js';
import { multipartForm, type FormPart } from './multipart-form.util.js';

/** Mailgun's API hosts by region. */
export const MAILGUN_BASE_URLS = {
  us: 'https://api.mailgun.net',
  eu: 'https://api.eu.mailgun.net',
} as const;

/**
 * Mailgun `POST /v3/{domain}/messages` as `multipart/form-data` with Basic
 * auth `api:<key>`, on the US or EU host. Answers 200 `{ id: "<...>",
 * message: "Queued. Thank you." }`; the id without its angle brackets is the
 * `message-id` the webhooks carry. Headers go as `h:`, metadata as `v:`
 * variables, tags as `o:tag`, inline images as `inline` files named by their
 * content id (Mailgun's `cid:` is the file name).
 */
export class MailgunMailDriver implements MailProviderDriver {
  readonly driver = 'mailgun';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;
  private readonly authorization: string;

  constructor(
    backend: string,
    private readonly config: MailgunDriverConfig,
  ) {
    this.context = { channel: 'mail', backend, provider: 'Mailgun' };
    this.http = new HttpClient(this.context);
    const base = config.baseUrl ?? MAILGUN_BASE_URLS[config.region];
    this.url = `${base.replace(/\/$/, '')}/v3/${encodeURIComponent(config.domain)}/messages`;
    this.authorization = `Basic ${Buffer.from(`api:${config.apiKey}`).toString('base64')}`;
  }

  async send(
    message: MailMessage,
    traceHeaders: Record<string, string>,
  ): Promise<MailDriverResult> {
    const { body, contentType } = multipartForm(toMailgun(message));
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers: {
        ...traceHeaders,
        authorization: this.authorization,
        'content-type': contentType,
        'content-length': body.length,
      },
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    const json = parseJsonBody<{ id?: string; message?: string }>(response.body);
    if (response.status === 200 && typeof json?.id === 'string')
      return {
        messageId: json.id.replace(/^<|>$/g, ''),
        accepted: recipientsOf(message),
        rejected: [],
      };
    const text = json?.message ?? response.body.trim().slice(0, 300);
    const reason: DeliveryFailureReason | undefined =
      response.status === 400 && /\b(to|cc|bcc|recipient|address)\b/i.test(text)
        ? 'invalid_recipient'
        : response.status === 404
          ? 'bad_request'
          : undefined;
    throw httpDeliveryError(this.context, response, { message: text || undefined, reason });
  }

  close(): void {
    this.http.close();
  }
}

/** The form fields of `POST /v3/{domain}/messages`. */
export function toMailgun(message: MailMessage): FormPart[] {
  const parts: FormPart[] = [{ name: 'from', value: mailbox(message.from!) }];
  for (const a of message.to) parts.push({ name: 'to', value: mailbox(a) });
  for (const a of message.cc ?? []) parts.push({ name: 'cc', value: mailbox(a) });
  for (const a of message.bcc ?? []) parts.push({ name: 'bcc', value: mailbox(a) });
  parts.push({ name: 'subject', value: message.subject });
  if (message.text) parts.push({ name: 'text', value: message.text });
  if (message.html) parts.push({ name: 'html', value: message.html });
  if (message.replyTo) parts.push({ name: 'h:Reply-To', value: mailbox(message.replyTo) });
  for (const [name, value] of Object.entries(message.headers ?? {}))
    parts.push({ name: `h:${name}`, value });
  for (const [name, value] of Object.entries(message.metadata ?? {}))
    parts.push({ name: `v:${name}`, value });
  for (const tag of message.tags ?? []) parts.push({ name: 'o:tag', value: tag });
  for (const a of message.attachments ?? [])
    parts.push({
      name: a.contentId ? 'inline' : 'attachment',
      value: Buffer.isBuffer(a.content) ? a.content : Buffer.from(a.content),
      filename: a.contentId ?? a.filename,
      contentType: a.contentType,
    });
  return parts;
}
