import type { MetricLabels } from './metrics-collector.protocol.js';

export type BackendMetricType = 'counter' | 'gauge' | 'histogram';

/** Where metrics go: Prometheus, OTLP, memory or nowhere (bound under `METRICS_BACKEND`). */
export interface MetricsBackendProtocol {
  initialize(): Promise<void>;
  shutdown(): Promise<void>;
  recordMetric(
    name: string,
    value: number,
    metricType: BackendMetricType,
    labels?: MetricLabels,
  ): void;
  /** Hands finished spans to the backend (backends without tracing ignore them). */
  export(spans: readonly unknown[]): Promise<void>;
}
