import { createHmac } from 'node:crypto';
import { base64urlMacMatches } from '../../utils/base64url-mac.util.js';
import { UnsubscribeTokenError } from '../errors/unsubscribe-token.error.js';

/** What a one-click unsubscribe token says: who, for which category, until when. */
export interface UnsubscribeClaim {
  /** The normalised e-mail address. */
  address: string;
  /** The category unsubscribed from; `null` for every non-transactional mail. */
  category: string | null;
  /** Epoch seconds after which the token is refused. */
  expiresAt: number;
}

const PREFIX = 'herald-unsubscribe.v1.';

const mac = (secret: string, payload: string): Buffer =>
  createHmac('sha256', secret)
    .update(PREFIX + payload)
    .digest();

/**
 * A token for `List-Unsubscribe`: base64url JSON of the claim, a dot, and
 * base64url HMAC-SHA256 of it under `secret`. Readable (it only names the
 * address the mail went to) but not forgeable without the secret.
 */
export function signUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(
    JSON.stringify({ a: claim.address, c: claim.category, e: claim.expiresAt }),
  ).toString('base64url');
  return `${payload}.${mac(secret, payload).toString('base64url')}`;
}

/** Slack on top of `ttlSeconds` for a token's expiry (clock skew between instances), in seconds. */
export const UNSUBSCRIBE_EXPIRY_SLACK_SECONDS = 86_400;

/**
 * The claim of a token signed with `secret` that has not expired at `now`
 * (epoch ms); throws an `UnsubscribeTokenError` (`malformed`, `forged`,
 * `expired`, and `far_future` for an expiry later than `now` + `maxTtlSeconds`
 * + one day, which no token signed with that TTL has) otherwise. Signatures
 * are compared in constant time. The claim's address and category are as
 * signed: check them (`checkUnsubscribeClaim`) before use.
 */
export function verifyUnsubscribeToken(
  secret: string,
  token: unknown,
  now = Date.now(),
  maxTtlSeconds = 366 * 86_400,
): UnsubscribeClaim {
  if (typeof token !== 'string' || token.length > 4096 || !/^[\w-]+\.[\w-]+$/.test(token))
    throw new UnsubscribeTokenError('malformed');
  const [payload, signature] = token.split('.');
  if (!base64urlMacMatches(signature, mac(secret, payload)))
    throw new UnsubscribeTokenError('forged');
  let claim: { a?: unknown; c?: unknown; e?: unknown };
  try {
    claim = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    throw new UnsubscribeTokenError('malformed');
  }
  if (
    typeof claim?.a !== 'string' ||
    (claim.c !== null && typeof claim.c !== 'string') ||
    !Number.isSafeInteger(claim.e)
  )
    throw new UnsubscribeTokenError('malformed');
  const expiresAt = claim.e as number;
  if (expiresAt * 1000 <= now) throw new UnsubscribeTokenError('expired');
  if (expiresAt > Math.floor(now / 1000) + maxTtlSeconds + UNSUBSCRIBE_EXPIRY_SLACK_SECONDS)
    throw new UnsubscribeTokenError('far_future');
  return { address: claim.a, category: claim.c as string | null, expiresAt };
}
