import { createHash } from 'node:crypto';
import { SuppressionInputError } from './errors/suppression-input.error.js';
import type { SuppressionChannel } from './suppression-entry.js';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * The form an address is stored and matched in: e-mail trimmed and
 * lower-cased, a phone number in E.164 (spaces, dashes, dots and brackets
 * dropped; `00` becomes `+`), a push token as given. Throws a
 * `SuppressionInputError` for an address that cannot be one of these.
 */
export function normalizeAddress(channel: SuppressionChannel, address: string): string {
  if (typeof address !== 'string' || address.trim() === '')
    throw new SuppressionInputError('address', 'must be a non-empty string');
  const raw = address.trim();
  if (channel === 'mail') {
    const lower = raw.toLowerCase();
    if (lower.length > 320 || !/^[^\s@<>]+@[^\s@<>]+$/.test(lower))
      throw new SuppressionInputError('address', 'must be an e-mail address like user@example.com');
    return lower;
  }
  if (channel === 'sms') {
    let phone = raw.replace(/[\s\-().]/g, '');
    if (phone.startsWith('00')) phone = `+${phone.slice(2)}`;
    if (!E164.test(phone))
      throw new SuppressionInputError(
        'address',
        'must be a phone number in E.164 form like +15005550006',
      );
    return phone;
  }
  if (raw.length > 8192)
    throw new SuppressionInputError('address', 'must be a push token of at most 8192 characters');
  return raw;
}

/** The normalised address, or `undefined` when it cannot be normalised (a send then goes on). */
export function tryNormalizeAddress(
  channel: SuppressionChannel,
  address: string,
): string | undefined {
  try {
    return normalizeAddress(channel, address);
  } catch {
    return undefined;
  }
}

/** The id of (channel, normalised address, category). */
export function suppressionId(
  channel: SuppressionChannel,
  address: string,
  category: string | null,
): string {
  return createHash('sha256')
    .update(`${channel}\u0000${address}\u0000${category ?? ''}`)
    .digest('hex');
}
