import { createHash, timingSafeEqual } from 'node:crypto';
import type { HealthCheckResultLike, HealthStatus } from '@herald/contracts';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * True when `header` is `Bearer <token>` (scheme case-insensitive). Both sides are hashed to
 * the same length and compared with `timingSafeEqual`, so the time taken says
 * nothing about the token.
 */
export function isAuthorizedBearer(header: string | undefined, token: string): boolean {
  if (typeof header !== 'string' || header.slice(0, 7).toLowerCase() !== 'bearer ') return false;
  return timingSafeEqual(digest(header.slice(7).trim()), digest(token));
}

/** The health endpoint's body: `{ status, timestamp, checks? }` (timestamp in epoch seconds). */
export function healthResponseBody(
  status: HealthStatus,
  checks: Record<string, HealthCheckResultLike>,
  includeDetails: boolean,
): { status: HealthStatus; timestamp: number; checks?: Record<string, unknown> } {
  const timestamp = Date.now() / 1000;
  if (!includeDetails) return { status, timestamp };
  const out: Record<string, unknown> = {};
  for (const name in checks) {
    const r = checks[name] as HealthCheckResultLike & { toDict?: () => object };
    out[name] = typeof r.toDict === 'function' ? r.toDict() : r;
  }
  return { status, timestamp, checks: out };
}
