import type { HealthCheckResultLike, HealthStatus } from '@herald/contracts';

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
