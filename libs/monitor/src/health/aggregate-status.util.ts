import { HealthStatus, type HealthCheckResultLike } from '@herald/contracts';

/**
 * The aggregation rule: every check HEALTHY → HEALTHY; at least one
 * DEGRADED and none UNHEALTHY → DEGRADED; otherwise UNHEALTHY. A non-critical
 * check that fails (UNHEALTHY or UNKNOWN) counts as DEGRADED, not UNHEALTHY.
 * No checks at all is HEALTHY.
 */
export function aggregateStatus(
  results: Record<string, HealthCheckResultLike> | Iterable<HealthCheckResultLike>,
): HealthStatus {
  const list: Iterable<HealthCheckResultLike> =
    Symbol.iterator in results
      ? (results as Iterable<HealthCheckResultLike>)
      : Object.values(results as Record<string, HealthCheckResultLike>);
  let degraded = false;
  for (const result of list) {
    if (result.status === HealthStatus.HEALTHY) continue;
    if (result.status === HealthStatus.DEGRADED || result.critical === false) {
      degraded = true;
      continue;
    }
    return HealthStatus.UNHEALTHY;
  }
  return degraded ? HealthStatus.DEGRADED : HealthStatus.HEALTHY;
}

/** HTTP status for an aggregate: 200 (HEALTHY), 207 (DEGRADED) or 503 (otherwise). */
export function httpStatusFor(status: HealthStatus): number {
  if (status === HealthStatus.HEALTHY) return 200;
  if (status === HealthStatus.DEGRADED) return 207;
  return 503;
}
