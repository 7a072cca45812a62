import {
  HealthStatus,
  type HealthCheckFunction,
  type HealthCheckProtocol,
  type HealthCheckResultLike,
} from '@herald/contracts';
import type { HealthCheckRunner } from '../health-check-runner.js';

/** What a `@nestjs/terminus` indicator returns: `{ [key]: { status: 'up' | 'down', ...details } }`. */
export type TerminusIndicatorResult = Record<
  string,
  { status: 'up' | 'down'; [key: string]: unknown }
>;

/** A terminus indicator function, as given to `HealthCheckService.check([...])`. */
export type TerminusIndicatorFunction = () =>
  PromiseLike<TerminusIndicatorResult> | TerminusIndicatorResult;

/**
 * A Herald check (a runner's named check or a `HealthCheckProtocol`) as a
 * terminus indicator: HEALTHY and DEGRADED are `up`, anything else `down`,
 * with the result's message and details beside the status. No terminus import
 * is needed: terminus only looks at the shape.
 *
 * @example this.health.check([heraldIndicator(this.runner, 'database'), () => this.http.pingCheck('web', url)])
 */
export function heraldIndicator(
  source: HealthCheckRunner | HealthCheckProtocol,
  name?: string,
): TerminusIndicatorFunction {
  return async () => {
    const result: HealthCheckResultLike =
      'runCheck' in source ? await source.runCheck(name ?? '') : await source.check();
    const key = name ?? result.name;
    const up = result.status === HealthStatus.HEALTHY || result.status === HealthStatus.DEGRADED;
    const entry: { status: 'up' | 'down'; [key: string]: unknown } = { status: up ? 'up' : 'down' };
    if (result.status === HealthStatus.DEGRADED) entry.degraded = true;
    if (result.message !== undefined) entry.message = result.message;
    if (result.details) Object.assign(entry, result.details, { status: entry.status });
    return { [key]: entry };
  };
}

/**
 * A terminus indicator as a Herald check function, for `runner.add(name, fn)`:
 * every key `up` is HEALTHY; a key `down`, or a thrown `HealthCheckError`
 * (terminus before v11), is UNHEALTHY with the indicator's data as details.
 *
 * @example runner.add('web', fromTerminusIndicator(() => this.http.pingCheck('web', 'https://example.org')))
 */
export function fromTerminusIndicator(indicator: TerminusIndicatorFunction): HealthCheckFunction {
  return async () => {
    let result: TerminusIndicatorResult;
    try {
      result = await indicator();
    } catch (error) {
      const causes = (error as { causes?: Record<string, unknown>; isHealthCheckError?: boolean })
        .causes;
      if (!(error as { isHealthCheckError?: boolean })?.isHealthCheckError) throw error;
      return { healthy: false, message: (error as Error).message, ...(causes ?? {}) };
    }
    const down = Object.entries(result).filter(([, value]) => value?.status !== 'up');
    if (down.length === 0) return { ...result };
    const message = down
      .map(
        ([key, value]) =>
          `${key} is ${value?.status ?? 'down'}${typeof value?.message === 'string' ? `: ${value.message}` : ''}`,
      )
      .join('; ');
    return { healthy: false, message, ...result };
  };
}
