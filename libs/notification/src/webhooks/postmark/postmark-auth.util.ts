import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * Whether an `Authorization` header carries HTTP Basic credentials equal to
 * `username` and `password`. Compared as SHA-256 digests with
 * `timingSafeEqual`, so neither the time taken nor an early exit tells how
 * much of either matched (or how long they are).
 */
export function basicAuthMatches(
  authorization: string | undefined,
  username: Buffer,
  password: Buffer,
): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]{1,4096})\s*$/i.exec(authorization ?? '');
  const decoded = match ? Buffer.from(match[1], 'base64') : Buffer.alloc(0);
  const colon = decoded.indexOf(0x3a);
  const user = colon < 0 ? decoded : decoded.subarray(0, colon);
  const pass = colon < 0 ? Buffer.alloc(0) : decoded.subarray(colon + 1);
  const userOk = timingSafeEqual(digest(user), digest(username));
  const passOk = timingSafeEqual(digest(pass), digest(password));
  return match !== null && colon >= 0 && userOk && passOk;
}

function digest(value: Buffer): Buffer {
  return createHash('sha256').update(value).digest();
}
