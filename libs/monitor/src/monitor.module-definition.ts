import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { MetricsBackendProtocol } from '@herald/contracts';
import type { MonitorConfig } from './config/index.js';

/**
 * Options of `MonitorModule.forRoot()` / `forRootAsync()` (and of their
 * aliases `configure()` / `configureAsync()`).
 */
export interface MonitorModuleOptions {
  /** Metrics backend; without one the backend named by `config.backendType` is built (default: no-op). */
  backend?: MetricsBackendProtocol;
  /**
   * A `MonitorConfig`, used as is, or a partial plain object (camelCase or
   * snake_case keys) laid over what `loadHeraldConfig()` reads from YAML and env.
   * `{ tracing: { httpInterceptor: false } }` stops the module from tracing
   * every HTTP request itself.
   */
  config?: MonitorConfig | Record<string, unknown>;
  /** Span exporter for the tracer (an OpenTelemetry `SpanExporter`). */
  exporter?: unknown;
}

/**
 * Static choices made where the module is imported (builder extras: given
 * beside the options of `forRoot`, and beside `useFactory` in `forRootAsync`).
 * There is no `isGlobal`: the module is always global, so that its
 * `METRICS_COLLECTOR`, `TRACER` and `HEALTH_CHECK_REGISTRY` replace the no-op
 * stand-ins of `ObservabilityModule` everywhere.
 */
export interface MonitorModuleExtras {
  /** Also provide and export `SLOMonitor` (what `withSlo()` sets). @default false */
  slo?: boolean;
}

export const {
  ConfigurableModuleClass: MonitorConfigurableModule,
  MODULE_OPTIONS_TOKEN: MONITOR_MODULE_OPTIONS,
  OPTIONS_TYPE: MONITOR_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MONITOR_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<MonitorModuleOptions>({ moduleName: 'HeraldMonitor' })
  .setClassMethodName('forRoot')
  .setExtras<MonitorModuleExtras>({ slo: false }, (definition) => ({ ...definition, global: true }))
  .build();
