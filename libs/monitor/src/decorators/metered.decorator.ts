import type { MetricsCollectorProtocol } from '@herald/contracts';
import { performance } from 'node:perf_hooks';
import { wrapMethod } from './wrap-method.util.js';

/** Metadata on a class that has `@Metered()` methods (the explorer looks for it). */
export const METERED_CLASS = 'herald:metered:class';
/** Where the explorer puts the collector on each instance (non-enumerable). */
export const METERED_COLLECTOR = Symbol.for('herald:metered:collector');

/** Options of `@Metered()`. */
export interface MeteredOptions {
  /** Added as the `service` label of the histogram. */
  service?: string;
}

/**
 * Gives `instance` the collector its `@Metered()` methods record into.
 * `MonitorModule` does it for every provider and controller at bootstrap;
 * call it yourself for objects Nest does not create.
 */
export function bindMeteredCollector(instance: object, collector: MetricsCollectorProtocol): void {
  Object.defineProperty(instance, METERED_COLLECTOR, {
    value: collector,
    configurable: true,
    enumerable: false,
    writable: true,
  });
}

/**
 * `@Metered(metricName?, { service? })`: records the execution
 * time of the method, in seconds, on a histogram (default name
 * `ClassName.methodName.duration`, made a valid metric name by the collector:
 * `ClassName_methodName_duration`). Sync and async methods alike; a failing
 * call is recorded too (label `status="error"`) and its error rethrown. Route,
 * guard and event metadata of the method are kept.
 *
 * @example
 * @Get(':id') @Metered() findOne(@Param('id') id: string) { ... }
 */
export function Metered(metricName?: string, options: MeteredOptions = {}): MethodDecorator {
  return (target, propertyKey, descriptor) => {
    const className = (target as { constructor: { name: string } }).constructor.name;
    const name = metricName ?? `${className}.${String(propertyKey)}.duration`;
    const ok: Record<string, string> = options.service
      ? { status: 'ok', service: options.service }
      : { status: 'ok' };
    const failed: Record<string, string> = options.service
      ? { status: 'error', service: options.service }
      : { status: 'error' };
    Reflect.defineMetadata(METERED_CLASS, true, (target as object).constructor);
    return wrapMethod<{ start: number; collector: MetricsCollectorProtocol | undefined }>(
      descriptor as PropertyDescriptor,
      {
        before: (self) => ({
          start: performance.now(),
          collector: (self as Record<symbol, MetricsCollectorProtocol> | undefined)?.[
            METERED_COLLECTOR
          ],
        }),
        onSettled: (state, _error, isError) => {
          state.collector?.histogram(
            name,
            (performance.now() - state.start) / 1000,
            isError ? failed : ok,
          );
        },
      },
    ) as any;
  };
}
