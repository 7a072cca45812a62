import { timingSafeEqual } from 'node:crypto';

/**
 * Whether `given`, the base64url text of a MAC as a token carries it, is
 * exactly the base64url text of `expected`. Compared as text, in constant
 * time: a MAC of 32 bytes takes 43 characters, and the last one has two bits
 * that decoding ignores, so comparing decoded bytes would accept four
 * spellings of one signature, and a token other than the one signed.
 */
export function base64urlMacMatches(given: string, expected: Buffer): boolean {
  const text = Buffer.from(expected.toString('base64url'), 'latin1');
  const candidate = Buffer.from(given, 'latin1');
  return candidate.length === text.length && timingSafeEqual(candidate, text);
}
