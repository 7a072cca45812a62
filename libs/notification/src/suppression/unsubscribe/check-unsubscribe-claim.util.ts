import { SuppressionInputError } from '../errors/suppression-input.error.js';
import { normalizeAddress } from '../normalize-address.util.js';
import type { UnsubscribeClaim } from './unsubscribe-token.util.js';

/** Longest category a token may name (as the suppression list allows). */
export const MAX_UNSUBSCRIBE_CATEGORY_LENGTH = 255;

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
/** Names that mean something else on a plain object; never a category. */
const RESERVED = new Set(['__proto__', 'prototype', 'constructor']);

/**
 * The claim of a validly signed token, checked as input: the address an
 * e-mail address (normalised) and the category `null` or 1–255 characters
 * without control characters, and not `__proto__`, `prototype` or
 * `constructor`. Throws a `SuppressionInputError` naming the field (the
 * endpoint answers 400); the signature only proves who made the token, not
 * that what it names is usable.
 */
export function checkUnsubscribeClaim(claim: UnsubscribeClaim): UnsubscribeClaim {
  if (CONTROL.test(claim.address))
    throw new SuppressionInputError('address', 'must not contain control characters');
  const address = normalizeAddress('mail', claim.address);
  const { category } = claim;
  if (
    category !== null &&
    (category.length === 0 ||
      category.length > MAX_UNSUBSCRIBE_CATEGORY_LENGTH ||
      CONTROL.test(category) ||
      RESERVED.has(category))
  )
    throw new SuppressionInputError(
      'category',
      `must be null or 1 to ${MAX_UNSUBSCRIBE_CATEGORY_LENGTH} characters without control characters, and not __proto__, prototype or constructor`,
    );
  return { ...claim, address };
}
