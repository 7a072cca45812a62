import type { MetricsBackendProtocol, MonitorConfig } from '@herald/contracts';
import { MetricsCollector } from '../collector/metrics-collector';
import type { SnapshotDataSource } from '../scrape/metrics-snapshot.store';
import { MemoryMetricsBackend } from './memory-metrics.backend';
import { NoopMetricsBackend } from './noop-metrics.backend';
import { OtlpMetricsBackend } from './otlp-metrics.backend';
import { PrometheusMetricsBackend } from './prometheus-metrics.backend';

/** What `MonitorProvider.fromConfig()` can be given besides the config. */
export interface MetricsBuildContext {
  /** A backend to use instead of the one `backendType` names. */
  backend?: MetricsBackendProtocol;
  /** TypeORM `DataSource` for `prometheus.store_in_db`. */
  dataSource?: SnapshotDataSource;
}

/** The application's collector and backend, wired to each other. */
export interface MetricsParts {
  collector: MetricsCollector;
  backend: MetricsBackendProtocol;
}

/**
 * Builds the collector (prefix, default labels, buckets, window size from
 * `config.metrics`) and the backend named by `config.backendType`. The
 * Prometheus backend serves the collector's instruments itself; OTLP, memory
 * and custom backends also receive the collector's name-based calls.
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
  };
  const collector = new MetricsCollector(options);
  if (context.backend) {
    const shares = (context.backend as { collector?: unknown }).collector === collector;
    if (!shares) collector.setForwardTo(context.backend);
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
      });
      collector.setForwardTo(backend);
      return { collector, backend };
    }
    case 'memory': {
      const backend = new MemoryMetricsBackend(options);
      collector.setForwardTo(backend);
      return { collector, backend };
    }
    default:
      return { collector, backend: new NoopMetricsBackend() };
  }
}
