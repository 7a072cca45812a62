import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { VonageSignatureMethod } from '@herald/contracts';

/** Vonage's signature parameter, left out of what it signs. */
export const VONAGE_SIGNATURE_PARAM = 'sig';

/**
 * Vonage's signature of request or webhook parameters with the account's
 * signature secret: every parameter but `sig`, sorted by name, joined as
 * `&name=value` (an `&` or `=` inside a value becomes `_`); then `md5hash`
 * is the MD5 of that string followed by the secret, and `md5` / `sha1` /
 * `sha256` / `sha512` are the HMAC of it keyed with the secret. Lower-case hex.
 */
export function vonageSignature(
  secret: string,
  method: VonageSignatureMethod,
  params: URLSearchParams | Record<string, string>,
): string {
  const pairs: Array<[string, string]> =
    params instanceof URLSearchParams ? [...params.entries()] : Object.entries(params);
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  let signed = '';
  for (const [key, value] of pairs) {
    if (key === VONAGE_SIGNATURE_PARAM) continue;
    signed += `&${key}=${value.replace(/[&=]/g, '_')}`;
  }
  if (method === 'md5hash')
    return createHash('md5')
      .update(signed + secret, 'utf8')
      .digest('hex');
  return createHmac(method, secret).update(signed, 'utf8').digest('hex');
}

/**
 * Whether `params.sig` is Vonage's signature of `params` with one of
 * `secrets` (hex compared case-insensitively, in constant time).
 */
export function verifyVonageSignature(
  secrets: readonly string[],
  method: VonageSignatureMethod,
  params: URLSearchParams | Record<string, string>,
): boolean {
  const signature =
    params instanceof URLSearchParams
      ? params.get(VONAGE_SIGNATURE_PARAM)
      : params[VONAGE_SIGNATURE_PARAM];
  if (!signature || !/^[0-9a-fA-F]+$/.test(signature)) return false;
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  let valid = false;
  for (const secret of secrets) {
    const expected = Buffer.from(vonageSignature(secret, method, params), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
