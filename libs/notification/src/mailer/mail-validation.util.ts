import type { MailAddress, MailMessage } from '@herald/contracts';
import { InvalidMailError } from '../errors/invalid-mail.error.js';

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
    : { name: nameOf(value), address: addressOf(value) };
}

/** Every address of a message (to, cc, bcc), as plain addresses. */
export function recipientsOf(message: MailMessage): string[] {
  return [...(message.to ?? []), ...(message.cc ?? []), ...(message.bcc ?? [])].map(
    (a) => normalizeAddress(a).address,
  );
}

/** Index of a list field in messages: `to[1]`; built only when something is wrong. */
function at(list: string, index: number): string {
  return `${list}[${index}]`;
}

/** True when `value` cannot go into a header: not a string, or a CR, LF or NUL in it. */
function unsafe(value: unknown): boolean {
  return typeof value !== 'string' || HEADER_BREAKER.test(value);
}

function injection(backend: string, field: string, value: unknown): InvalidMailError {
  return new InvalidMailError(
    field,
    typeof value !== 'string'
      ? `"${field}" must be a string`
      : `header injection refused: "${field}" contains a line break or NUL character (CR, LF and NUL are not allowed in mail headers)`,
    backend,
  );
}

type AddressProblem = 'name' | 'address' | 'invalid';

/** The display name of either address form (what was given: validation checks its type). */
function nameOf(value: MailAddress): string | undefined {
  return typeof value === 'string' ? undefined : value?.name;
}

/** The address of either address form (what was given: validation checks its type). */
function addressOf(value: MailAddress): string {
  return typeof value === 'string' ? value : value?.address;
}

/** What is wrong with an address, if anything (allocates nothing when it is fine). */
function addressProblem(value: MailAddress | undefined): AddressProblem | undefined {
  if (value === undefined) return undefined;
  const name = nameOf(value);
  if (name !== undefined && name !== null && unsafe(name)) return 'name';
  const address = addressOf(value);
  if (unsafe(address)) return 'address';
  return EMAIL_PATTERN.test(address) ? undefined : 'invalid';
}

function addressError(
  backend: string,
  field: string,
  value: MailAddress,
  problem: AddressProblem,
): InvalidMailError {
  if (problem === 'name') return injection(backend, `${field}.name`, nameOf(value));
  if (problem === 'address') return injection(backend, field, addressOf(value));
  return new InvalidMailError(
    field,
    `"${field}" has an invalid address ${JSON.stringify(addressOf(value))}; use local@domain.tld`,
    backend,
    'invalid_recipient',
  );
}

function checkAddress(backend: string, field: string, value: MailAddress | undefined): void {
  const problem = addressProblem(value);
  if (problem) throw addressError(backend, field, value!, problem);
}

function checkAddresses(backend: string, list: string, values: MailAddress[] | undefined): void {
  if (!values) return;
  for (let i = 0; i < values.length; i++) {
    const problem = addressProblem(values[i]);
    if (problem) throw addressError(backend, at(list, i), values[i], problem);
  }
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
  if (!message || typeof message !== 'object')
    throw new InvalidMailError('message', 'send() needs a MailMessage or a Mailable', backend);
  if (typeof message.subject !== 'string')
    throw new InvalidMailError('subject', 'the message needs a subject', backend);
  if (unsafe(message.subject)) throw injection(backend, 'subject', message.subject);
  const key = message.idempotencyKey;
  if (key !== undefined && unsafe(key)) throw injection(backend, 'idempotencyKey', key);
  if (!Array.isArray(message.to) || message.to.length === 0) {
    throw new InvalidMailError(
      'to',
      'the message needs at least one "to" address',
      backend,
      'invalid_recipient',
    );
  }
  checkAddress(backend, 'from', message.from);
  checkAddress(backend, 'replyTo', message.replyTo);
  checkAddresses(backend, 'to', message.to);
  checkAddresses(backend, 'cc', message.cc);
  checkAddresses(backend, 'bcc', message.bcc);
  if (message.headers) {
    for (const name of Object.keys(message.headers)) {
      if (!HEADER_NAME.test(name)) {
        throw new InvalidMailError(
          `headers.${name}`,
          `header injection refused: invalid header name ${JSON.stringify(name)} (letters, digits and !#$%&'*+-.^_\`|~ only)`,
          backend,
        );
      }
      const value = message.headers[name];
      if (unsafe(value)) throw injection(backend, `headers.${name}`, value);
    }
  }
  if (message.metadata) {
    for (const name of Object.keys(message.metadata)) {
      if (!HEADER_NAME.test(name)) {
        throw new InvalidMailError(
          `metadata.${name}`,
          `header injection refused: metadata key ${JSON.stringify(name)} must be a token (letters, digits and !#$%&'*+-.^_\`|~ only)`,
          backend,
        );
      }
      const value = message.metadata[name];
      if (unsafe(value)) throw injection(backend, `metadata.${name}`, value);
    }
  }
  const tags = message.tags ?? [];
  for (let i = 0; i < tags.length; i++)
    if (unsafe(tags[i])) throw injection(backend, at('tags', i), tags[i]);
  const attachments = message.attachments ?? [];
  for (let i = 0; i < attachments.length; i++) {
    const { filename, contentType, contentId } = attachments[i] ?? {};
    if (!filename)
      throw new InvalidMailError(
        `${at('attachments', i)}.filename`,
        `"${at('attachments', i)}" needs a filename`,
        backend,
      );
    if (unsafe(filename)) throw injection(backend, `${at('attachments', i)}.filename`, filename);
    if (contentType !== undefined && unsafe(contentType))
      throw injection(backend, `${at('attachments', i)}.contentType`, contentType);
    if (contentId !== undefined && unsafe(contentId))
      throw injection(backend, `${at('attachments', i)}.contentId`, contentId);
  }
  if (!message.text && !message.html)
    throw new InvalidMailError('text', 'the message needs a text or an html body', backend);
}
