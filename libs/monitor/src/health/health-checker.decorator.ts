import 'reflect-metadata';
import type { HealthCheckCategory } from '@herald/contracts';
import { HeraldValueError } from '../errors/herald-value.error.js';

/** Metadata key under which `@HealthChecker()` records its options. */
export const HEALTH_CHECKER_METADATA = 'herald:monitor:health-checker';

/** Options of `@HealthChecker(name, options)`. */
export interface HealthCheckerOptions {
  /** @default HealthCheckCategory.READINESS */
  category?: HealthCheckCategory;
  /** A failing non-critical check makes the aggregate DEGRADED only. @default true */
  critical?: boolean;
  /** Per-check timeout; the runner's default when absent. */
  timeoutMs?: number;
}

/** What `@HealthChecker()` records: the check's name and options. */
export interface HealthCheckerMetadata extends HealthCheckerOptions {
  name: string;
}

/** The decorator returned by `HealthChecker(name)`: a method decorator and a function marker. */
export interface HealthCheckerDecorator {
  <F extends (...args: any[]) => unknown>(fn: F): F;
  (target: object, propertyKey: string | symbol, descriptor: PropertyDescriptor): void;
}

/**
 * Marks a health check. On a method of a Nest provider, the check is found at
 * bootstrap and added to the default `HealthCheckRunner`; on a plain function
 * (`HealthChecker(name)(fn)`), it returns the same function, ready for
 * `runner.register(fn)`. It only records metadata.
 *
 * @example
 * @HealthChecker('payments.api', { category: HealthCheckCategory.READINESS, critical: false })
 * async paymentsUp() { return this.client.ping(); }
 * @example const check = HealthChecker('cache')(() => cache.isReady());
 */
export function HealthChecker(
  name: string,
  options: HealthCheckerOptions = {},
): HealthCheckerDecorator {
  if (typeof name !== 'string' || name.trim() === '') {
    throw new HeraldValueError(
      `HealthChecker(name) needs a non-empty check name (got ${JSON.stringify(name) ?? String(name)}), e.g. HealthChecker('database').`,
    );
  }
  const metadata: HealthCheckerMetadata = { ...options, name };
  return ((target: unknown, _key?: string | symbol, descriptor?: PropertyDescriptor) => {
    const fn = descriptor ? descriptor.value : target;
    if (typeof fn !== 'function') {
      throw new HeraldValueError(
        `@HealthChecker('${name}') can only mark a method or a function (got ${fn === null ? 'null' : typeof fn}).`,
      );
    }
    Reflect.defineMetadata(HEALTH_CHECKER_METADATA, metadata, fn);
    return descriptor ? undefined : fn;
  }) as HealthCheckerDecorator;
}

/** The metadata of a function marked with `HealthChecker()`, if any. */
export function getHealthCheckerMetadata(fn: unknown): HealthCheckerMetadata | undefined {
  if (typeof fn !== 'function') return undefined;
  return Reflect.getMetadata(HEALTH_CHECKER_METADATA, fn) as HealthCheckerMetadata | undefined;
}
