/**
 * Metrics: instruments, the collector, backends, exporters and the scrape
 * surface. What prom-client or the OpenTelemetry metrics SDK types lives in
 * the `@herald/monitor/prometheus` and `@herald/monitor/otlp` subpaths.
 */
export { Counter, BoundCounter } from './instruments/counter.js';
export {
  Gauge,
  BoundGauge,
  GAUGE_AGGREGATIONS,
  type GaugeAggregation,
  type GaugeOptions,
} from './instruments/gauge.js';
export { Histogram, BoundHistogram, type ObservationOptions } from './instruments/histogram.js';
export { Summary, type SummaryOptions } from './instruments/summary.js';
export { BaseMetric } from './instruments/base-metric.js';
export type { Exemplar } from './instruments/exemplar.js';
export { DEFAULT_MAX_OBSERVATIONS } from './instruments/observation-window.js';
export { sanitiseMetricName } from './instruments/metric-name.util.js';
export { MetricsCollector, type MetricsCollectorOptions } from './collector/metrics-collector.js';
export { MetricProxy, type MetricProxyType } from './collector/metric-proxy.js';
export { readMetricSeries, type MetricSeries } from './collector/metric-series.util.js';
export { NoopMetricsCollector } from '@herald/observability';
export { NoopMetricsBackend } from './backends/noop-metrics.backend.js';
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
export {
  createMetricsParts,
  type MetricsBuildContext,
  type MetricsParts,
} from './backends/create-metrics-backend.js';
export {
  ExporterRegistry,
  otlpSignalUrl,
  type ExporterConfig,
  type ExporterHandler,
} from './exporters/exporter-registry.js';
export {
  TracingExporterRegistry,
  ConsoleTracingExporterHandler,
  OtlpTracingExporterHandler,
} from './exporters/tracing-exporter.registry.js';
export {
  renderMetrics,
  negotiateFormat,
  PROMETHEUS_CONTENT_TYPE,
  OPENMETRICS_CONTENT_TYPE,
  type ExpositionFormat,
} from './exposition/render-exposition.js';
export {
  createScrapeSource,
  combineScrapeSources,
  contentTypeOf,
  type ScrapeSource,
} from './exposition/scrape-source.js';
export { renderPromRegistry, type PromRegistryLike } from './exposition/prom-client-source.js';
export {
  createMetricsMiddleware,
  type MetricsMiddlewareOptions,
  type NodeHandler,
} from './scrape/metrics.middleware.js';
export {
  createHttpMetricsMiddleware,
  routeTemplateOf,
  HTTP_METRIC_NAMES,
  type HttpMetricsOptions,
} from './scrape/http-metrics.middleware.js';
export {
  MetricsPushgateway,
  type MetricsPushgatewayOptions,
} from './scrape/metrics-pushgateway.js';
export {
  MetricsSnapshotStore,
  snapshotRows,
  type MetricSnapshotRow,
  type SnapshotDataSource,
} from './scrape/metrics-snapshot.store.js';
export { createBearerCheck } from '../utils/bearer-auth.util.js';
export { MetricsScrapeService } from './nest/metrics-scrape.service.js';
export { MetricsController, createMetricsController } from './nest/metrics.controller.js';
export {
  ClusterMetricsAggregator,
  CLUSTER_WORKER_UP,
  type ClusterMetricsAggregatorOptions,
  type ClusterWorkerHandle,
  type MissingClusterWorker,
} from './cluster/cluster-metrics.aggregator.js';
export {
  serveClusterWorkerMetrics,
  type ClusterWorkerChannel,
} from './cluster/cluster-metrics.worker.js';
export {
  mergeClusterSnapshots,
  WORKER_LABEL,
  type MergedClusterMetrics,
} from './cluster/merge-cluster-metrics.util.js';
export { snapshotMetrics } from './cluster/snapshot-metrics.util.js';
export type {
  ClusterMetricsSnapshot,
  MetricFamilySnapshot,
  WorkerMetricsSnapshot,
} from './cluster/cluster-metrics.types.js';
export { HttpMetricsMiddleware } from './nest/http-metrics.middleware.js';
