import type { MailAddress, MailMessage } from '@herald/contracts';
import { normalizeAddress } from '../../mail-validation.util.js';
import { base64Of, mailbox } from '../mailbox.util.js';

/** Characters SES allows in the name and value of an `EmailTags` entry. */
const TAG_CHARS = /[^A-Za-z0-9_-]/g;

/**
 * `Name <address>` as RFC 5322 wants it: the shared quoted mailbox when the
 * name is plain ASCII, the name RFC 2047 encoded otherwise (SES refuses raw UTF-8 there).
 */
export function sesAddress(value: MailAddress): string {
  const { name, address } = normalizeAddress(value);
  if (!name || /^[\x20-\x7e]*$/.test(name)) return mailbox(value);
  return `=?UTF-8?B?${base64Of(name)}?= <${address}>`;
}

const content = (data: string) => ({ Data: data, Charset: 'UTF-8' });
const tagText = (value: string) => value.replace(TAG_CHARS, '_').slice(0, 256) || '_';

/**
 * The SES v2 `SendEmail` request body: `Simple` content (subject, text and
 * HTML bodies, custom headers, attachments with `INLINE` disposition and
 * `ContentId` for embedded images), tags and metadata as `EmailTags`.
 */
export function toSesSendEmail(
  message: MailMessage,
  configurationSetName?: string,
): Record<string, unknown> {
  const destination: Record<string, string[]> = { ToAddresses: message.to.map(sesAddress) };
  if (message.cc?.length) destination.CcAddresses = message.cc.map(sesAddress);
  if (message.bcc?.length) destination.BccAddresses = message.bcc.map(sesAddress);
  const body: Record<string, unknown> = {};
  if (message.text) body.Text = content(message.text);
  if (message.html) body.Html = content(message.html);
  const simple: Record<string, unknown> = { Subject: content(message.subject), Body: body };
  if (message.headers && Object.keys(message.headers).length)
    simple.Headers = Object.entries(message.headers).map(([Name, Value]) => ({ Name, Value }));
  if (message.attachments?.length)
    simple.Attachments = message.attachments.map((a) => ({
      RawContent: base64Of(a.content),
      FileName: a.filename,
      ContentDisposition: a.contentId ? 'INLINE' : 'ATTACHMENT',
      ...(a.contentId ? { ContentId: a.contentId } : {}),
      ...(a.contentType ? { ContentType: a.contentType } : {}),
      ContentTransferEncoding: 'BASE64',
    }));
  const request: Record<string, unknown> = {
    FromEmailAddress: sesAddress(message.from!),
    Destination: destination,
    Content: { Simple: simple },
  };
  if (message.replyTo) request.ReplyToAddresses = [sesAddress(message.replyTo)];
  const tags = [
    ...(message.tags ?? []).map((tag) => ({ Name: tagText(tag), Value: 'true' })),
    ...Object.entries(message.metadata ?? {}).map(([key, value]) => ({
      Name: tagText(key),
      Value: tagText(value),
    })),
  ];
  if (tags.length) request.EmailTags = tags;
  if (configurationSetName) request.ConfigurationSetName = configurationSetName;
  return request;
}
