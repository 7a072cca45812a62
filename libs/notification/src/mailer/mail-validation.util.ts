import type { MailAddress, MailMessage } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error';

/** A deliverable address: local@domain.tld, no spaces, brackets, quotes or line breaks. */
export const EMAIL_PATTERN =
  /^[^\s@<>()",;:\\[\]]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
const LINE_BREAK = /[\r\n]/;

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
 * Rejects, before anything is sent, what could forge headers or bounce: a line
 * break in the subject, a display name, an address or a header; an invalid
 * address; a message without recipients or content. Throws a permanent
 * `DeliveryError` (`bad_request` or `invalid_recipient`).
 */
export function assertSendableMail(message: MailMessage, backend: string): void {
  const fail = (reason: 'bad_request' | 'invalid_recipient', text: string): never => {
    throw new DeliveryError(`mail backend "${backend}": ${text}`, {
      reason,
      channel: 'email',
      backend,
    });
  };
  if (!message || typeof message !== 'object')
    fail('bad_request', 'send() needs a MailMessage or a Mailable');
  if (typeof message.subject !== 'string') fail('bad_request', 'the message needs a subject');
  if (LINE_BREAK.test(message.subject))
    fail('bad_request', 'header injection refused: the subject contains a line break');
  const check = (field: string, value: MailAddress | undefined) => {
    if (value === undefined) return;
    const { name, address } = normalizeAddress(value);
    if (typeof name === 'string' && LINE_BREAK.test(name))
      fail(
        'bad_request',
        `header injection refused: the display name in "${field}" contains a line break`,
      );
    if (typeof address !== 'string' || LINE_BREAK.test(address))
      fail(
        'bad_request',
        `header injection refused: an address in "${field}" contains a line break`,
      );
    if (!EMAIL_PATTERN.test(address))
      fail(
        'invalid_recipient',
        `"${field}" has an invalid address ${JSON.stringify(address)}; use local@domain.tld`,
      );
  };
  if (!Array.isArray(message.to) || message.to.length === 0)
    fail('invalid_recipient', 'the message needs at least one "to" address');
  check('from', message.from);
  check('replyTo', message.replyTo);
  for (const field of ['to', 'cc', 'bcc'] as const)
    (message[field] ?? []).forEach((a) => check(field, a));
  for (const [name, value] of Object.entries(message.headers ?? {})) {
    if (!HEADER_NAME.test(name))
      fail('bad_request', `header injection refused: invalid header name ${JSON.stringify(name)}`);
    if (typeof value !== 'string' || LINE_BREAK.test(value))
      fail('bad_request', `header injection refused: header "${name}" contains a line break`);
  }
  for (const [key, value] of Object.entries(message.metadata ?? {})) {
    if (!HEADER_NAME.test(key) || typeof value !== 'string' || LINE_BREAK.test(value))
      fail(
        'bad_request',
        `header injection refused: metadata ${JSON.stringify(key)} must be a token with a one-line string value`,
      );
  }
  for (const tag of message.tags ?? []) {
    if (typeof tag !== 'string' || LINE_BREAK.test(tag))
      fail(
        'bad_request',
        `header injection refused: tag ${JSON.stringify(tag)} contains a line break`,
      );
  }
  for (const attachment of message.attachments ?? []) {
    if (!attachment?.filename || LINE_BREAK.test(attachment.filename))
      fail('bad_request', 'every attachment needs a filename without line breaks');
    if (attachment.contentId !== undefined && LINE_BREAK.test(attachment.contentId))
      fail('bad_request', `header injection refused: content id of "${attachment.filename}"`);
  }
  if (!message.text && !message.html)
    fail('bad_request', 'the message needs a text or an html body');
}
