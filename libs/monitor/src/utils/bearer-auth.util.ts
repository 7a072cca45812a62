import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** `Bearer <credentials>`: the scheme in any case, one or more spaces, then one token (RFC 7235, RFC 6750). */
const BEARER = /^bearer[ \t]+(\S+)$/i;

/**
 * The bearer check shared by `/metrics` and `/health`: a function telling
 * whether an `Authorization` header value carries `token`. The scheme is
 * case-insensitive (`Bearer`, `bearer`, `BEARER`) and may be followed by
 * several spaces; anything else is refused. The credentials are compared in
 * constant time: both sides are hashed to the same length first and compared
 * with `timingSafeEqual`, so neither the content nor the length of the token
 * leaks. Without a token (`undefined` or `''`) every request is allowed.
 */
export function createBearerCheck(token: string | undefined): (header: unknown) => boolean {
  if (token === undefined || token === null || token === '') return () => true;
  const expected = digest(token);
  return (header: unknown): boolean => {
    const value = Array.isArray(header) ? header[0] : header;
    if (typeof value !== 'string') return false;
    const match = BEARER.exec(value.trim());
    // A refused header still pays for one hash and compare, as an accepted one does.
    const given = digest(match ? match[1] : '');
    return timingSafeEqual(given, expected) && match !== null;
  };
}

/**
 * True when the `Authorization` header value `header` is `Bearer <token>`
 * (see `createBearerCheck`, which it uses; prefer that one for repeated
 * checks against the same token, it hashes the token once).
 */
export function isAuthorizedBearer(header: string | undefined, token: string): boolean {
  return createBearerCheck(token)(header);
}
