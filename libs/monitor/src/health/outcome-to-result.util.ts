import { HealthStatus, type HealthCheckResultLike } from '@herald/contracts';
import { HealthCheckResult } from './health-check-result.js';

const STATUSES = new Set<string>(Object.values(HealthStatus));

/** True for a full result (a `HealthCheckResult` or an object with its shape). */
export function isResultLike(value: unknown): value is HealthCheckResultLike {
  if (value instanceof HealthCheckResult) return true;
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.name === 'string' &&
    STATUSES.has(v.status as string) &&
    typeof v.durationMs === 'number'
  );
}

/**
 * What a check returned, as a result: `true`/`false` → HEALTHY/UNHEALTHY; an
 * object → its `status` (or `healthy: boolean`, else HEALTHY), its `message`,
 * and the other fields as `details`; a full result keeps its status and message.
 */
export function outcomeToResult(
  name: string,
  outcome: unknown,
  durationMs: number,
  critical: boolean,
): HealthCheckResult {
  if (isResultLike(outcome)) {
    return new HealthCheckResult({
      ...outcome,
      name,
      durationMs: outcome.durationMs || durationMs,
      critical,
    });
  }
  if (typeof outcome === 'boolean' || outcome === undefined || outcome === null) {
    const ok = outcome !== false;
    return new HealthCheckResult({
      name,
      status: ok ? HealthStatus.HEALTHY : HealthStatus.UNHEALTHY,
      message: ok ? undefined : 'check returned false',
      durationMs,
      critical,
    });
  }
  if (typeof outcome === 'object') {
    const { status, healthy, message, ...rest } = outcome as Record<string, unknown>;
    const resolved = STATUSES.has(status as string)
      ? (status as HealthStatus)
      : healthy === false
        ? HealthStatus.UNHEALTHY
        : HealthStatus.HEALTHY;
    return new HealthCheckResult({
      name,
      status: resolved,
      message: message === undefined ? undefined : String(message),
      details: Object.keys(rest).length > 0 ? rest : undefined,
      durationMs,
      critical,
    });
  }
  return new HealthCheckResult({
    name,
    status: HealthStatus.UNHEALTHY,
    message: `check returned an unsupported value of type ${typeof outcome}; return a boolean, an object or a HealthCheckResult`,
    durationMs,
    critical,
  });
}

/** `message` of an error, prefixed by its class name unless it is a plain `Error`. */
export function describeError(error: unknown): string {
  if (error instanceof Error) {
    return error.name === 'Error' ? error.message : `${error.name}: ${error.message}`;
  }
  return String(error);
}
