import type { Provider } from '@nestjs/common';
import {
  METRICS_BACKEND,
  METRICS_COLLECTOR,
  MonitorConfig,
  type MetricsBackendProtocol,
} from '@herald/contracts';
import { getPriorityToken, provideWithPriority } from '@herald/observability';
import { MONITOR_CONFIG } from './monitor.constants.js';
import { MetricsCollector } from './metrics/collector/metrics-collector.js';
import {
  createMetricsParts,
  type MetricsBuildContext,
} from './metrics/backends/create-metrics-backend.js';
import { NoopMetricsBackend } from './metrics/backends/noop-metrics.backend.js';

/**
 * `new MonitorProvider(backend, exporter?, config?)`: the metrics
 * backend, the span exporter and the config of one application, with the
 * collector wired to the backend. `providers` is what a Nest module lists to
 * bind `METRICS_BACKEND` and `METRICS_COLLECTOR` (the latter with priority
 * over `ObservabilityModule`); `MonitorModule` builds one for you.
 *
 * @example
 * const monitor = MonitorProvider.fromConfig(new MonitorConfig({ backendType: 'memory' }));
 * monitor.collector.increment('jobs.done');
 */
export class MonitorProvider {
  readonly config: MonitorConfig;
  readonly backend: MetricsBackendProtocol;
  readonly collector: MetricsCollector;

  constructor(
    backend?: MetricsBackendProtocol,
    readonly exporter?: unknown,
    config?: MonitorConfig,
  ) {
    this.config = config ?? new MonitorConfig();
    const parts = createMetricsParts(this.config, {
      backend: backend ?? new NoopMetricsBackend(),
    });
    this.backend = parts.backend;
    this.collector = parts.collector;
  }

  /**
   * Builds the backend `config.backendType` names (noop, memory, prometheus,
   * opentelemetry). `context` may carry `backend` (used instead), `exporter`
   * and a TypeORM `dataSource` for `prometheus.store_in_db`.
   */
  static fromConfig(
    config: MonitorConfig | Record<string, unknown>,
    context: MetricsBuildContext & { exporter?: unknown } = {},
  ): MonitorProvider {
    const resolved = config instanceof MonitorConfig ? config : new MonitorConfig(config);
    resolved.validate('monitor');
    const parts = createMetricsParts(resolved, context);
    const provider = Object.create(MonitorProvider.prototype) as MonitorProvider;
    Object.assign(provider, { config: resolved, exporter: context.exporter, ...parts });
    return provider;
  }

  /** Starts the backend (servers, timers, exporters). */
  initialize(): Promise<void> {
    return this.backend.initialize();
  }

  /** Stops the backend, flushing what it holds. */
  shutdown(): Promise<void> {
    return this.backend.shutdown();
  }

  /** Nest providers: `METRICS_BACKEND`, `METRICS_COLLECTOR` (with priority) and the config. */
  get providers(): Provider[] {
    return [
      { provide: MONITOR_CONFIG, useValue: this.config },
      { provide: METRICS_BACKEND, useValue: this.backend },
      ...provideWithPriority({ provide: METRICS_COLLECTOR, useValue: this.collector }),
    ];
  }

  /** The tokens to export next to `providers`. */
  get exports(): symbol[] {
    return [
      MONITOR_CONFIG,
      METRICS_BACKEND,
      METRICS_COLLECTOR,
      getPriorityToken(METRICS_COLLECTOR),
    ];
  }
}
