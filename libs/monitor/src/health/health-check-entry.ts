import {
  HealthCheckCategory,
  type HealthCheckAddOptions,
  type HealthCheckFunction,
  type HealthCheckProtocol,
} from '@herald/contracts';
import { HeraldValueError } from '../errors/herald-value.error.js';
import { FunctionHealthCheck } from './base-health-check.js';

/** One registered check with its resolved options. */
export interface HealthCheckEntry {
  readonly name: string;
  readonly check: HealthCheckProtocol;
  readonly timeoutMs: number;
  readonly category: HealthCheckCategory;
  readonly critical: boolean;
}

/** A positive, finite number of milliseconds, or a `HeraldValueError` naming `what`. */
export function positiveMs(value: number, what: string): number {
  if (!(typeof value === 'number' && value > 0 && Number.isFinite(value))) {
    throw new HeraldValueError(`${what} must be a positive number of milliseconds (got ${value}).`);
  }
  return value;
}

/**
 * Resolves what `add()` was given: a function becomes a `FunctionHealthCheck`;
 * `critical` and `timeoutMs` come from the options, else from the check
 * instance, else the defaults (critical, `defaultTimeoutMs`); category READINESS.
 */
export function createHealthCheckEntry(
  name: string,
  check: HealthCheckProtocol | HealthCheckFunction,
  options: HealthCheckAddOptions,
  defaultTimeoutMs: number,
): HealthCheckEntry {
  const isFn = typeof check === 'function';
  if (!isFn && typeof check?.check !== 'function') {
    throw new HeraldValueError(
      `Health check "${name}" must be a function or an object with a check() method.`,
    );
  }
  const critical = options.critical ?? (isFn ? true : (check.critical ?? true));
  const own = isFn ? undefined : (check as { timeoutMs?: number }).timeoutMs;
  return {
    name,
    check: isFn ? new FunctionHealthCheck(name, check, critical) : check,
    timeoutMs: positiveMs(options.timeoutMs ?? own ?? defaultTimeoutMs, 'timeoutMs'),
    category: options.category ?? HealthCheckCategory.READINESS,
    critical,
  };
}
