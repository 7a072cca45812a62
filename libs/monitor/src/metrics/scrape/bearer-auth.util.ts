import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * A check of `Authorization: Bearer <token>` against `token`, in constant time
 * (both sides are hashed first, so neither the content nor the length leaks).
 * Without a token every request is allowed.
 */
export function createBearerCheck(token: string | undefined): (header: unknown) => boolean {
  if (token === undefined || token === null || token === '') return () => true;
  const expected = createHash('sha256').update(`Bearer ${token}`).digest();
  return (header: unknown): boolean => {
    const value = Array.isArray(header) ? header[0] : header;
    if (typeof value !== 'string') return false;
    const given = createHash('sha256').update(value.trim()).digest();
    return timingSafeEqual(given, expected);
  };
}
