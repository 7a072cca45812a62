import { createHmac, timingSafeEqual } from 'node:crypto';

/** Mailgun's webhook signature: hex HMAC-SHA256 of `timestamp` + `token` with the signing key. */
export function mailgunSignature(
  signingKey: string | Buffer,
  timestamp: string,
  token: string,
): string {
  return createHmac('sha256', signingKey)
    .update(timestamp + token)
    .digest('hex');
}

/** Whether `signature` is Mailgun's signature of `timestamp` and `token` (constant time). */
export function verifyMailgunSignature(
  signingKey: string | Buffer,
  timestamp: string,
  token: string,
  signature: string,
): boolean {
  const expected = Buffer.from(mailgunSignature(signingKey, timestamp, token), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(signature) ? Buffer.from(signature, 'hex') : undefined;
  return given !== undefined && timingSafeEqual(expected, given);
}
