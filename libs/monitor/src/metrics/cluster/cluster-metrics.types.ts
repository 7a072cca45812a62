import type { MetricType } from '@herald/contracts';
import type { MetricSeries } from '../collector/metric-series.util.js';
import type { GaugeAggregation } from '../instruments/gauge.js';

/** Type of the message a cluster primary sends a worker to ask for its metrics. */
export const CLUSTER_METRICS_REQUEST = 'herald:cluster-metrics:request';
/** Type of a worker's answer. */
export const CLUSTER_METRICS_RESPONSE = 'herald:cluster-metrics:response';

/** One instrument of a worker, as sent to the primary. */
export interface MetricFamilySnapshot {
  name: string;
  type: MetricType;
  description: string;
  /** Constant label names first, then the variable ones (a series lacking one has it as `''`). */
  labelNames: string[];
  /** Histogram: finite upper bounds, ascending. */
  buckets?: number[];
  /** Summary: the quantiles it exposes. */
  percentiles?: number[];
  /** Gauge: how the primary merges it over the workers. */
  aggregation?: GaugeAggregation;
  /** The series, raw (summaries with their kept observations, exemplars included). */
  series: MetricSeries[];
}

/** What a worker answers: its Herald instruments and its prom-client registries' metrics. */
export interface ClusterMetricsSnapshot {
  families: MetricFamilySnapshot[];
  /** prom-client's `getMetricsAsJSON()` of the worker's registry (runtime metrics), if any. */
  promMetrics: unknown[];
}

/** The snapshot of one worker that answered, with its cluster worker id. */
export interface WorkerMetricsSnapshot {
  worker: string;
  snapshot: ClusterMetricsSnapshot;
}

/** @internal a primary's request. */
export interface ClusterMetricsRequest {
  type: typeof CLUSTER_METRICS_REQUEST;
  id: number;
}

/** @internal a worker's answer: the snapshot, or why there is none. */
export interface ClusterMetricsResponse {
  type: typeof CLUSTER_METRICS_RESPONSE;
  id: number;
  snapshot?: ClusterMetricsSnapshot;
  error?: string;
}
