import type { CallHandler, ExecutionContext, NestInterceptor, Provider } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import type { Observable } from 'rxjs';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricsCollectorProtocol,
  type MonitorConfig,
  type TracerProtocol,
} from '@herald/contracts';
import { MONITOR_CONFIG } from '../../monitor.constants.js';
import { TracingInterceptor } from './tracing.interceptor.js';

/** What `MonitorModule` registers when `monitor.tracing.http_interceptor` (or tracing) is off. */
class PassThroughInterceptor implements NestInterceptor {
  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle();
  }
}

/** Whether `MonitorModule` traces HTTP requests itself. */
export function tracesHttpRequests(config: MonitorConfig): boolean {
  return config.enabled && config.tracing.enabled && config.tracing.httpInterceptor;
}

/**
 * `MonitorModule`'s global `TracingInterceptor` (`APP_INTERCEPTOR`), so that an
 * incoming `traceparent` is continued with no wiring in the application. The
 * choice is made from the resolved config at bootstrap, since the config
 * itself is only read then.
 */
export function createTracingInterceptorProvider(): Provider {
  return {
    provide: APP_INTERCEPTOR,
    useFactory: (
      config: MonitorConfig,
      tracer: TracerProtocol,
      metrics: MetricsCollectorProtocol,
    ): NestInterceptor =>
      tracesHttpRequests(config)
        ? new TracingInterceptor(tracer, metrics)
        : new PassThroughInterceptor(),
    inject: [MONITOR_CONFIG, TRACER, METRICS_COLLECTOR],
  };
}
