import { createHmac } from 'node:crypto';
import { base64urlMacMatches } from '../../utils/base64url-mac.util.js';
import { InboxError } from '../errors/inbox.error.js';
import { findControlCharacter } from '../utils/inbox-input.util.js';
import { InboxTokenError } from './inbox-token.error.js';

/** Shortest secret accepted: 32 characters (256 bits when random). */
export const INBOX_TOKEN_MIN_SECRET_LENGTH = 32;
/** Default lifetime of a subscriber token: one hour. */
export const INBOX_TOKEN_DEFAULT_TTL_SECONDS = 3600;
/** Longer strings are refused before any decoding (a token is about 120 characters). */
const MAX_TOKEN_LENGTH = 2048;
const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Input of `signInboxToken`. */
export interface SignInboxTokenInput {
  /** The user whose inbox the token opens (its `sub`). */
  userId: string;
  /** The HMAC-SHA256 key, at least 32 characters (`notification.inbox.token_secret`). */
  secret: string;
  /** Lifetime in seconds. @default 3600 */
  ttlSeconds?: number;
  /** Clock for tests (epoch milliseconds). @default Date.now() */
  now?: number;
}

/** What a valid token says. */
export interface VerifiedInboxToken {
  userId: string;
  expiresAt: Date;
}

function checkSecret(secret: unknown): string | undefined {
  if (typeof secret !== 'string' || secret.length < INBOX_TOKEN_MIN_SECRET_LENGTH) {
    return `the inbox token secret must be a string of at least ${INBOX_TOKEN_MIN_SECRET_LENGTH} characters (set notification.inbox.token_secret, e.g. from \`openssl rand -base64 48\`)`;
  }
  return undefined;
}

const sign = (payload: string, secret: string): Buffer =>
  createHmac('sha256', secret).update(payload).digest();

/**
 * A subscriber token for `userId`: `<base64url payload>.<base64url HMAC-SHA256>`,
 * the payload being `{ "sub": userId, "exp": epoch seconds }`. Sign it on the
 * server (the secret never reaches the page) and hand it to the page, which sends
 * it as `Authorization: Bearer <token>` or `?token=` (EventSource); `InboxTokenGuard`
 * then serves that user's inbox only, until the token expires.
 * @example signInboxToken({ userId: user.id, secret: process.env.INBOX_TOKEN_SECRET!, ttlSeconds: 900 })
 */
export function signInboxToken(input: SignInboxTokenInput): string {
  const { userId, secret, ttlSeconds = INBOX_TOKEN_DEFAULT_TTL_SECONDS, now = Date.now() } = input;
  if (typeof userId !== 'string' || userId === '' || userId.length > 255) {
    throw new InboxError('userId must be a string of 1 to 255 characters', undefined, 'userId');
  }
  const at = findControlCharacter(userId);
  if (at !== -1) {
    throw new InboxError(
      `userId must not contain control characters (one at index ${at})`,
      undefined,
      'userId',
    );
  }
  const secretProblem = checkSecret(secret);
  if (secretProblem) throw new InboxError(secretProblem, 'INBOX_INVALID_INPUT', 'secret');
  if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1) {
    throw new InboxError(
      `ttlSeconds must be a whole number of seconds, at least 1 (got ${String(ttlSeconds)})`,
      undefined,
      'ttlSeconds',
    );
  }
  const exp = Math.floor(now / 1000) + ttlSeconds;
  const payload = Buffer.from(JSON.stringify({ sub: userId, exp }), 'utf8').toString('base64url');
  return `${payload}.${sign(payload, secret).toString('base64url')}`;
}

/**
 * Checks a subscriber token made by `signInboxToken` with the same secret: the
 * signature (constant-time comparison), then the expiry. Throws `InboxTokenError`
 * (`reason` `malformed`, `signature`, `expired`, or `secret` when the secret itself
 * is unusable); the messages never contain the token or the secret.
 */
export function verifyInboxToken(
  token: string,
  secret: string,
  now = Date.now(),
): VerifiedInboxToken {
  const secretProblem = checkSecret(secret);
  if (secretProblem) throw new InboxTokenError(secretProblem, 'secret');
  const malformed = () =>
    new InboxTokenError(
      'the inbox token is malformed: expected <payload>.<signature> as made by signInboxToken()',
      'malformed',
    );
  if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) throw malformed();
  const parts = token.split('.');
  if (parts.length !== 2 || !BASE64URL.test(parts[0]!) || !BASE64URL.test(parts[1]!)) {
    throw malformed();
  }
  const [payload, signature] = parts as [string, string];
  if (!base64urlMacMatches(signature, sign(payload, secret))) {
    throw new InboxTokenError(
      'the inbox token signature does not match: it was forged, altered or signed with another secret',
      'signature',
    );
  }
  let claims: { sub?: unknown; exp?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    throw malformed();
  }
  const { sub, exp } = claims ?? {};
  if (typeof sub !== 'string' || sub === '' || typeof exp !== 'number' || !Number.isInteger(exp)) {
    throw malformed();
  }
  if (now >= exp * 1000) {
    throw new InboxTokenError(
      'the inbox token has expired: ask the server for a new one',
      'expired',
    );
  }
  return { userId: sub, expiresAt: new Date(exp * 1000) };
}
