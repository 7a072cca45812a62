import type { MetricsBackendProtocol, MonitorConfig } from '@herald/contracts';
import { MetricsCollector } from '../collector/metrics-collector.js';
import type { SnapshotDataSource } from '../scrape/metrics-snapshot.store.js';
import { CollectorMetricsBackend } from './collector-metrics.backend.js';
import { MemoryMetricsBackend } from './memory-metrics.backend.js';
import { NoopMetricsBackend } from './noop-metrics.backend.js';
import { OtlpMetricsBackend } from './otlp-metrics.backend.js';
import { PrometheusMetricsBackend } from './prometheus-metrics.backend.js';

/** What `MonitorProvider.fromConfig()` can be given besides the config. */
export interface MetricsBuildContext {
  /** A backend to use instead of the one `backendType` names. */
  backend?: MetricsBackendProtocol;
  /** TypeORM `DataSource` for `prometheus.store_in_db`. */
  dataSource?: SnapshotDataSource;
}

/** The application's collector and the backend that reads it. */
export interface MetricsParts {
  collector: MetricsCollector;
  backend: MetricsBackendProtocol;
}

/**
 * Builds the application's collector (prefix, default labels, buckets, window
 * size from `config.metrics`) and the backend named by `config.backendType`,
 * which reads that collector: Prometheus serves it, OTLP exports it, memory
 * shows it. A given backend that extends `CollectorMetricsBackend` gets the
 * collector attached; any other given backend is used as is.
 */
export function createMetricsParts(
  config: MonitorConfig,
  context: MetricsBuildContext = {},
): MetricsParts {
  const m = config.metrics;
  const options = {
    prefix: m.prefix,
    defaultLabels: m.defaultLabels,
    histogramBuckets: m.histogramBuckets,
    maxObservations: m.maxObservations,
    exemplars: m.exemplars,
  };
  const collector = new MetricsCollector(options);
  if (context.backend) {
    if (context.backend instanceof CollectorMetricsBackend) {
      context.backend.attachCollector(collector);
    }
    return { collector, backend: context.backend };
  }
  if (!config.enabled) return { collector, backend: new NoopMetricsBackend() };
  switch (config.backendType) {
    case 'prometheus': {
      const p = config.prometheus;
      const backend = new PrometheusMetricsBackend({
        port: p.port,
        path: p.path,
        enableDefaultMetrics: p.enableDefaultMetrics,
        pushgatewayUrl: p.pushgatewayUrl,
        pushInterval: p.pushInterval,
        storeInDb: p.storeInDb,
        metricsTable: p.metricsTable,
        authToken: p.authToken,
        listen: p.standalone,
        dataSource: context.dataSource,
        collector,
      });
      return { collector, backend };
    }
    case 'opentelemetry': {
      const o = config.opentelemetry;
      const backend = new OtlpMetricsBackend({
        endpoint: o.endpoint,
        headers: o.headers,
        insecure: o.insecure,
        timeout: o.timeout,
        compression: o.compression,
        batchSize: o.batchSize,
        exportInterval: o.exportInterval,
        serviceName: config.tracing.serviceName,
        collector,
      });
      return { collector, backend };
    }
    case 'memory':
      return { collector, backend: new MemoryMetricsBackend({}, collector) };
    default:
      return { collector, backend: new NoopMetricsBackend() };
  }
}
