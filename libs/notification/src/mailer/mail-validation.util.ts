import type { MailAddress, MailMessage } from '@herald/contracts';
import { InvalidMailError } from '../errors/invalid-mail.error';

/** A deliverable address: local@domain.tld, no spaces, brackets, quotes or line breaks. */
export const EMAIL_PATTERN =
  /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** What may never appear in a value that becomes (part of) a header line: CR, LF, NUL. */
const HEADER_BREAKER = /[\r\n\0]/;

/** `{ name, address }` of either address form. */
export function normalizeAddress(value: MailAddress): { name?: string; address: string } {
  return typeof value === 'string'
    ? { address: value }
    : { name: value?.name, address: value?.address };
}

/** Every address of a message (to, cc, bcc), as plain addresses. */
export function recipientsOf(message: MailMessage): string[] {
  return [...(message.to ?? []), ...(message.cc ?? []), ...(message.bcc ?? [])].map(
    (a) => normalizeAddress(a).address,
  );
}

/**
 * Rejects, before anything is sent, what could forge headers or bounce: a CR,
 * LF or NUL in any value that ends up in a header (subject, display names,
 * addresses, extra headers, metadata, tags, the idempotency key, attachment
 * filename, content type and content id); an invalid address; a message
 * without recipients or content. Throws an `InvalidMailError` naming the field
 * (a permanent `DeliveryError`: `bad_request`, or `invalid_recipient`).
 */
export function assertSendableMail(message: MailMessage, backend: string): void {
  const fail = (
    field: string,
    text: string,
    reason: 'bad_request' | 'invalid_recipient' = 'bad_request',
  ): never => {
    throw new InvalidMailError(field, text, backend, reason);
  };
  /** A header value: a string without CR, LF or NUL. */
  const headerValue = (field: string, value: unknown, optional = true) => {
    if (value === undefined && optional) return;
    if (typeof value !== 'string') fail(field, `"${field}" must be a string`);
    if (HEADER_BREAKER.test(value as string))
      fail(
        field,
        `header injection refused: "${field}" contains a line break or NUL character (CR, LF and NUL are not allowed in mail headers)`,
      );
  };
  if (!message || typeof message !== 'object')
    fail('message', 'send() needs a MailMessage or a Mailable');
  if (typeof message.subject !== 'string') fail('subject', 'the message needs a subject');
  headerValue('subject', message.subject);
  headerValue('idempotencyKey', message.idempotencyKey);
  const address = (field: string, value: MailAddress | undefined) => {
    if (value === undefined) return;
    const { name, address: email } = normalizeAddress(value);
    if (typeof name === 'string') headerValue(`${field}.name`, name);
    headerValue(field, email, false);
    if (!EMAIL_PATTERN.test(email))
      fail(
        field,
        `"${field}" has an invalid address ${JSON.stringify(email)}; use local@domain.tld`,
        'invalid_recipient',
      );
  };
  if (!Array.isArray(message.to) || message.to.length === 0)
    fail('to', 'the message needs at least one "to" address', 'invalid_recipient');
  address('from', message.from);
  address('replyTo', message.replyTo);
  for (const list of ['to', 'cc', 'bcc'] as const)
    (message[list] ?? []).forEach((a, i) => address(`${list}[${i}]`, a));
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name))
      fail(
        `headers.${name}`,
        `header injection refused: invalid header name ${JSON.stringify(name)} (letters, digits and !#$%&'*+-.^_\`|~ only)`,
      );
    headerValue(`headers.${name}`, value, false);
  }
  for (const [key, value] of Object.entries(message.metadata ?? {})) {
    if (!HEADER_NAME.test(key))
      fail(
        `metadata.${key}`,
        `header injection refused: metadata key ${JSON.stringify(key)} must be a token (letters, digits and !#$%&'*+-.^_\`|~ only)`,
      );
    headerValue(`metadata.${key}`, value, false);
  }
  (message.tags ?? []).forEach((tag, i) => headerValue(`tags[${i}]`, tag, false));
  (message.attachments ?? []).forEach((attachment, i) => {
    const field = `attachments[${i}]`;
    if (!attachment?.filename) fail(`${field}.filename`, `"${field}" needs a filename`);
    headerValue(`${field}.filename`, attachment.filename, false);
    headerValue(`${field}.contentType`, attachment.contentType);
    headerValue(`${field}.contentId`, attachment.contentId);
  });
  if (!message.text && !message.html) fail('text', 'the message needs a text or an html body');
}
