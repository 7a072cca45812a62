import { createHash } from 'node:crypto';
import { refuseControlCharacters } from '../utils/store-text.util.js';
import { SuppressionInputError } from './errors/suppression-input.error.js';
import type { SuppressionChannel } from './suppression-entry.js';

const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * Unicode's Default_Ignorable_Code_Point: characters that render as nothing
 * (soft hyphen U+00AD, zero-width space and joiners U+200B–U+200D, bidi
 * marks, word joiner U+2060, variation selectors, BOM U+FEFF, tags...). Left
 * in, `a\u00ADb@x` would be another address than `ab@x` and slip past its
 * suppression, though both reach the same mailbox.
 */
const DEFAULT_IGNORABLE = /\p{Default_Ignorable_Code_Point}/gu;

const fail = (field: string, message: string) => new SuppressionInputError(field, message);

/**
 * An address as given, made comparable without knowing its channel:
 * default-ignorable characters dropped, surrounding spaces trimmed, control
 * characters refused (`SuppressionInputError` naming `address`).
 */
export function cleanAddress(address: string): string {
  if (typeof address !== 'string')
    throw new SuppressionInputError('address', 'must be a non-empty string');
  const clean = address.replace(DEFAULT_IGNORABLE, '').trim();
  refuseControlCharacters(clean, 'address', fail);
  return clean;
}

/**
 * The form an address is stored and matched in: default-ignorable
 * characters dropped everywhere (`cleanAddress`), then e-mail trimmed and
 * lower-cased, a phone number in E.164 (spaces, dashes, dots and brackets
 * dropped; `00` becomes `+`), a push token as given. Throws a
 * `SuppressionInputError` for an address that cannot be one of these or
 * holds a control character.
 */
export function normalizeAddress(channel: SuppressionChannel, address: string): string {
  const raw = cleanAddress(address);
  if (raw === '') throw new SuppressionInputError('address', 'must be a non-empty string');
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
