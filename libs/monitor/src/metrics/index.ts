/**
 * Metrics: instruments, the collector, backends, exporters and the scrape
 * surface. What prom-client or the OpenTelemetry metrics SDK types lives in
 * the `@herald/monitor/prometheus` and `@herald/monitor/otlp` subpaths.
 */
export { Counter, type BoundCounter } from './instruments/counter.js';
export {
  Gauge,
  type BoundGauge,
  type GaugeAggregation,
  type GaugeOptions,
} from './instruments/gauge.js';
export {
  Histogram,
  type BoundHistogram,
  type ObservationOptions,
} from './instruments/histogram.js';
export { Summary, type SummaryOptions } from './instruments/summary.js';
export type { BaseMetric } from './instruments/base-metric.js';
export type { Exemplar } from './instruments/exemplar.js';
export { MetricsCollector, type MetricsCollectorOptions } from './collector/metrics-collector.js';
export { MetricProxy, type MetricProxyType } from './collector/metric-proxy.js';
export { readMetricSeries, type MetricSeries } from './collector/metric-series.util.js';
export { NoopMetricsCollector } from '@herald/observability';
export { CollectorMetricsBackend } from './backends/collector-metrics.backend.js';
export {
  MemoryMetricsBackend,
  type MemoryMetricsBackendOptions,
} from './backends/memory-metrics.backend.js';
export {
  BufferedMetricRecorder,
  type BufferedMetric,
  type BufferedMetricRecorderOptions,
} from './backends/buffered-metric-recorder.js';
export { type MetricsBuildContext, type MetricsParts } from './backends/create-metrics-backend.js';
export {
  type ExporterRegistry,
  type ExporterConfig,
  type ExporterHandler,
} from './exporters/exporter-registry.js';
export { TracingExporterRegistry } from './exporters/tracing-exporter.registry.js';
export type { ExpositionFormat } from './exposition/render-exposition.js';
export { createScrapeSource, type ScrapeSource } from './exposition/scrape-source.js';
export type { PromRegistryLike } from './exposition/prom-client-source.js';
export {
  createMetricsMiddleware,
  type MetricsMiddlewareOptions,
  type NodeHandler,
} from './scrape/metrics.middleware.js';
export {
  createHttpMetricsMiddleware,
  type HttpMetricsOptions,
} from './scrape/http-metrics.middleware.js';
export {
  MetricsPushgateway,
  type MetricsPushgatewayOptions,
} from './scrape/metrics-pushgateway.js';
export {
  type MetricSnapshotRow,
  type SnapshotDataSource,
} from './scrape/metrics-snapshot.store.js';
export { createBearerCheck } from '../utils/bearer-auth.util.js';
export { MetricsScrapeService } from './nest/metrics-scrape.service.js';
export { MetricsController, createMetricsController } from './nest/metrics.controller.js';
export {
  ClusterMetricsAggregator,
  type ClusterMetricsAggregatorOptions,
  type ClusterWorkerHandle,
  type MissingClusterWorker,
} from './cluster/cluster-metrics.aggregator.js';
export {
  serveClusterWorkerMetrics,
  type ClusterWorkerChannel,
} from './cluster/cluster-metrics.worker.js';
export type { MergedClusterMetrics } from './cluster/merge-cluster-metrics.util.js';
export type {
  ClusterMetricsSnapshot,
  MetricFamilySnapshot,
  WorkerMetricsSnapshot,
} from './cluster/cluster-metrics.types.js';
export { HttpMetricsMiddleware } from './nest/http-metrics.middleware.js';
