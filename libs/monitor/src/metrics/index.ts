/**
 * Metrics: instruments, the collector, backends, exporters and the scrape
 * surface. What prom-client or the OpenTelemetry metrics SDK types lives in
 * the `@herald/monitor/prometheus` and `@herald/monitor/otlp` subpaths.
 */
export { Counter, BoundCounter } from './instruments/counter';
export {
  Gauge,
  BoundGauge,
  GAUGE_AGGREGATIONS,
  type GaugeAggregation,
  type GaugeOptions,
} from './instruments/gauge';
export { Histogram, BoundHistogram, type ObservationOptions } from './instruments/histogram';
export { Summary, type SummaryOptions } from './instruments/summary';
export { BaseMetric } from './instruments/base-metric';
export type { Exemplar } from './instruments/exemplar';
export { DEFAULT_MAX_OBSERVATIONS } from './instruments/observation-window';
export { sanitiseMetricName } from './instruments/metric-name.util';
export { MetricsCollector, type MetricsCollectorOptions } from './collector/metrics-collector';
export { MetricProxy, type MetricProxyType } from './collector/metric-proxy';
export { readMetricSeries, type MetricSeries } from './collector/metric-series.util';
export { NoopMetricsCollector } from '@herald/observability';
export { NoopMetricsBackend } from './backends/noop-metrics.backend';
export { CollectorMetricsBackend } from './backends/collector-metrics.backend';
export {
  MemoryMetricsBackend,
  type MemoryMetricsBackendOptions,
} from './backends/memory-metrics.backend';
export {
  BufferedMetricRecorder,
  type BufferedMetric,
  type BufferedMetricRecorderOptions,
} from './backends/buffered-metric-recorder';
export {
  createMetricsParts,
  type MetricsBuildContext,
  type MetricsParts,
} from './backends/create-metrics-backend';
export {
  ExporterRegistry,
  otlpSignalUrl,
  type ExporterConfig,
  type ExporterHandler,
} from './exporters/exporter-registry';
export {
  TracingExporterRegistry,
  ConsoleTracingExporterHandler,
  OtlpTracingExporterHandler,
} from './exporters/tracing-exporter.registry';
export {
  renderMetrics,
  negotiateFormat,
  PROMETHEUS_CONTENT_TYPE,
  OPENMETRICS_CONTENT_TYPE,
  type ExpositionFormat,
} from './exposition/render-exposition';
export {
  createScrapeSource,
  combineScrapeSources,
  contentTypeOf,
  type ScrapeSource,
} from './exposition/scrape-source';
export { renderPromRegistry, type PromRegistryLike } from './exposition/prom-client-source';
export {
  createMetricsMiddleware,
  type MetricsMiddlewareOptions,
  type NodeHandler,
} from './scrape/metrics.middleware';
export {
  createHttpMetricsMiddleware,
  routeTemplateOf,
  HTTP_METRIC_NAMES,
  type HttpMetricsOptions,
} from './scrape/http-metrics.middleware';
export { MetricsPushgateway, type MetricsPushgatewayOptions } from './scrape/metrics-pushgateway';
export {
  MetricsSnapshotStore,
  snapshotRows,
  type MetricSnapshotRow,
  type SnapshotDataSource,
} from './scrape/metrics-snapshot.store';
export { createBearerCheck } from '../utils/bearer-auth.util';
export { MetricsScrapeService } from './nest/metrics-scrape.service';
export { MetricsController, createMetricsController } from './nest/metrics.controller';
export {
  ClusterMetricsAggregator,
  CLUSTER_WORKER_UP,
  type ClusterMetricsAggregatorOptions,
  type ClusterWorkerHandle,
  type MissingClusterWorker,
} from './cluster/cluster-metrics.aggregator';
export {
  serveClusterWorkerMetrics,
  type ClusterWorkerChannel,
} from './cluster/cluster-metrics.worker';
export {
  mergeClusterSnapshots,
  WORKER_LABEL,
  type MergedClusterMetrics,
} from './cluster/merge-cluster-metrics.util';
export { snapshotMetrics } from './cluster/snapshot-metrics.util';
export type {
  ClusterMetricsSnapshot,
  MetricFamilySnapshot,
  WorkerMetricsSnapshot,
} from './cluster/cluster-metrics.types';
export { HttpMetricsMiddleware } from './nest/http-metrics.middleware';
