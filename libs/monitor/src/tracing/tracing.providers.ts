import type { Provider } from '@nestjs/common';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { TRACER, type MonitorConfig } from '@herald/contracts';
import { NoopTracer, getPriorityToken, provideWithPriority } from '@herald/observability';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { MONITOR_CONFIG } from '../monitor.constants.js';
import { MONITOR_MODULE_OPTIONS, type MonitorModuleOptions } from '../monitor.module-definition.js';
import {
  createTracerFromConfig,
  traceExporterFromConfig,
  traceExporterFromOption,
} from './tracer-from-config.util.js';
import { TracerLifecycle } from './tracer-lifecycle.service.js';
import { createTracingInterceptorProvider } from './http/tracing-interceptor.provider.js';
import { TRACE_EXPORTER } from './tracing.constants.js';

/**
 * Providers of the tracing subsystem, added to `MonitorModule`: `TRACER`
 * bound with priority to a real `Tracer` built from `TracingConfig` (the
 * no-op tracer under `MonitorModule.stub()` or when tracing is disabled),
 * fed by `TRACE_EXPORTER`, and the global `TracingInterceptor` (a SERVER
 * span per HTTP request, unless `tracing.httpInterceptor` is off).
 */
export function createTracingProviders(ctx: MonitorBuildContext): Provider[] {
  if (ctx.stub) return provideWithPriority({ provide: TRACER, useFactory: () => new NoopTracer() });
  return [
    {
      provide: TRACE_EXPORTER,
      useFactory: (options: MonitorModuleOptions, config: MonitorConfig) =>
        traceExporterFromOption(options.exporter, config) ??
        (config.enabled && config.tracing.enabled ? traceExporterFromConfig(config) : undefined) ??
        null,
      inject: [MONITOR_MODULE_OPTIONS, MONITOR_CONFIG],
    },
    ...provideWithPriority({
      provide: TRACER,
      useFactory: (config: MonitorConfig, exporter: SpanExporter | null) =>
        createTracerFromConfig(config, exporter ?? undefined),
      inject: [MONITOR_CONFIG, TRACE_EXPORTER],
    }),
    TracerLifecycle,
    createTracingInterceptorProvider(),
  ];
}

/** Tokens and classes of the tracing subsystem that `MonitorModule` exports. */
export function tracingExports(
  ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  const tokens = [TRACER, getPriorityToken(TRACER)];
  return ctx.stub ? tokens : [...tokens, TRACE_EXPORTER];
}
