import { createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/** Header of SendGrid's Signed Event Webhook signature (base64 DER ECDSA). */
export const SENDGRID_SIGNATURE_HEADER = 'x-twilio-email-event-webhook-signature';
/** Header of the Unix timestamp (seconds) the signature covers. */
export const SENDGRID_TIMESTAMP_HEADER = 'x-twilio-email-event-webhook-timestamp';

/**
 * The verification key SendGrid shows under Mail Settings → Signed Event
 * Webhook: base64 of the DER `SubjectPublicKeyInfo` of a P-256 key, or the
 * same key in PEM. Throws when it is neither, or not a P-256 key.
 */
export function sendgridPublicKey(value: string): KeyObject {
  const text = value.trim();
  const key = text.startsWith('-----BEGIN')
    ? createPublicKey(text)
    : createPublicKey({ key: Buffer.from(text, 'base64'), format: 'der', type: 'spki' });
  if (key.asymmetricKeyType !== 'ec' || key.asymmetricKeyDetails?.namedCurve !== 'prime256v1')
    throw new Error('not an ECDSA P-256 public key');
  return key;
}

/**
 * Whether `signature` (base64 DER ECDSA with SHA-256) signs `timestamp`
 * followed by the raw request body, with `key`.
 */
export function verifySendgridSignature(
  key: KeyObject,
  signature: string,
  timestamp: string,
  rawBody: Buffer,
): boolean {
  try {
    return verify(
      'sha256',
      Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]),
      key,
      Buffer.from(signature, 'base64'),
    );
  } catch {
    return false;
  }
}

/** The signature SendGrid would send for `timestamp` and `rawBody` (used by the fake server). */
export function sendgridSignature(
  privateKey: KeyObject,
  timestamp: string,
  rawBody: Buffer,
): string {
  return sign(
    'sha256',
    Buffer.concat([Buffer.from(timestamp, 'utf8'), rawBody]),
    privateKey,
  ).toString('base64');
}
