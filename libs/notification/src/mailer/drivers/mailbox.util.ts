import type { MailAddress } from '@herald/contracts';
import { normalizeAddress } from '../mail-validation.util.js';

/**
 * One address as an RFC 5322 mailbox (`"Ada L." <ada@example.com>`), the form
 * Postmark, Mailgun and Resend take in their `From` / `To` strings. The name
 * is always quoted, so commas and brackets in it cannot split the list.
 */
export function mailbox(value: MailAddress): string {
  const { name, address } = normalizeAddress(value);
  return name ? `"${name.replace(/(["\\])/g, '\\$1')}" <${address}>` : address;
}

/** An attachment's content as base64. */
export function base64Of(content: Buffer | string): string {
  return (Buffer.isBuffer(content) ? content : Buffer.from(content)).toString('base64');
}
