import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** A new `whsec_<base64>` secret of 32 random bytes. */
export function generateWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Why `secret` is not a usable `whsec_` secret, or `undefined` when it is. Never quotes it. */
export function webhookSecretProblem(secret: unknown): string | undefined {
  if (typeof secret !== 'string' || !secret.startsWith(PREFIX))
    return 'must be a string "whsec_" followed by base64 (the secret is not shown)';
  const encoded = secret.slice(PREFIX.length);
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0)
    return 'must be "whsec_" followed by base64 (the secret is not shown)';
  const bytes = Buffer.from(encoded, 'base64').length;
  if (bytes < 24 || bytes > 64)
    return `must hold 24 to 64 bytes after "whsec_" (it holds ${bytes})`;
  return undefined;
}

/** The key bytes of a `whsec_` secret. */
export function webhookSecretKey(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
}

/**
 * The `webhook-signature` header of the Standard Webhooks specification:
 * `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` for each key, space separated.
 */
export function signWebhook(
  keys: readonly Buffer[],
  id: string,
  timestampSeconds: number,
  body: string,
): string {
  const content = `${id}.${timestampSeconds}.${body}`;
  return keys
    .map((key) => `v1,${createHmac('sha256', key).update(content).digest('base64')}`)
    .join(' ');
}
