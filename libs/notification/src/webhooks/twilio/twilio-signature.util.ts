import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Twilio's request signature: HMAC-SHA1 keyed with the auth token over the
 * full URL Twilio called, followed by each POST parameter's name and value
 * with the names sorted (a repeated name contributes each of its values in
 * order), base64-encoded. It travels as `X-Twilio-Signature`.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: URLSearchParams | Record<string, string | readonly string[]>,
): string {
  const pairs: Array<[string, string]> =
    params instanceof URLSearchParams
      ? [...params.entries()]
      : Object.entries(params).flatMap(([key, value]) =>
          (typeof value === 'string' ? [value] : value).map((v): [string, string] => [key, v]),
        );
  // a stable sort by name keeps the order of repeated names' values
  pairs.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hmac = createHmac('sha1', authToken).update(url, 'utf8');
  for (const [key, value] of pairs) hmac.update(key + value, 'utf8');
  return hmac.digest('base64');
}

/**
 * Whether `signature` is Twilio's signature of `url` and `params` with one of
 * `authTokens`; compared in constant time.
 */
export function verifyTwilioSignature(
  authTokens: readonly string[],
  signature: string | undefined,
  url: string,
  params: URLSearchParams,
): boolean {
  if (!signature) return false;
  const given = Buffer.from(signature, 'utf8');
  let valid = false;
  for (const token of authTokens) {
    const expected = Buffer.from(twilioSignature(token, url, params), 'utf8');
    if (expected.length === given.length && timingSafeEqual(expected, given)) valid = true;
  }
  return valid;
}
