import type { Provider } from '@nestjs/common';
import { METRICS_BACKEND, METRICS_COLLECTOR, type MonitorConfig } from '@herald/contracts';
import { getPriorityToken, NoopMetricsCollector, provideWithPriority } from '@herald/observability';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { METRICS_PARTS, MONITOR_CONFIG } from '../monitor.constants.js';
import { MONITOR_MODULE_OPTIONS, type MonitorModuleOptions } from '../monitor.module-definition.js';
import { ObservabilityService } from '../observability.service.js';
import { createMetricsParts, type MetricsParts } from './backends/create-metrics-backend.js';
import { NoopMetricsBackend } from './backends/noop-metrics.backend.js';
import { MetricsRuntime } from './nest/metrics-runtime.service.js';
import { MetricsScrapeService } from './nest/metrics-scrape.service.js';

/**
 * Providers of the metrics subsystem, added to `MonitorModule`: the collector
 * (`METRICS_COLLECTOR`, bound with priority over `ObservabilityModule`), the
 * backend (`METRICS_BACKEND`), `ObservabilityService`, the scrape service and
 * the runtime that starts and stops the backend. `stub` binds no-op ones.
 */
export function createMetricsProviders(ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: METRICS_PARTS,
      useFactory: (options: MonitorModuleOptions, config: MonitorConfig): MetricsParts =>
        ctx.stub
          ? ({ collector: new NoopMetricsCollector(), backend: new NoopMetricsBackend() } as any)
          : createMetricsParts(config, { backend: options.backend }),
      inject: [MONITOR_MODULE_OPTIONS, MONITOR_CONFIG],
    },
    {
      provide: METRICS_BACKEND,
      useFactory: (p: MetricsParts) => p.backend,
      inject: [METRICS_PARTS],
    },
    ...provideWithPriority({
      provide: METRICS_COLLECTOR,
      useFactory: (p: MetricsParts) => p.collector,
      inject: [METRICS_PARTS],
    }),
    ObservabilityService,
    MetricsScrapeService,
    MetricsRuntime,
  ];
}

/** Tokens and classes of the metrics subsystem that `MonitorModule` exports. */
export function metricsExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [
    METRICS_COLLECTOR,
    getPriorityToken(METRICS_COLLECTOR),
    METRICS_BACKEND,
    ObservabilityService,
    MetricsScrapeService,
  ];
}
