export type MetricLabels = Record<string, string>;
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary';

/** What every metric instrument has. */
export interface MetricProtocol {
  readonly name: string;
  readonly description: string;
  record(value: number, labels?: MetricLabels): void;
  reset(): void;
}

export interface CounterProtocol extends MetricProtocol {
  increment(amount?: number, labels?: MetricLabels): void;
  getCount(labels?: MetricLabels): number;
}

export interface GaugeProtocol extends MetricProtocol {
  set(value: number, labels?: MetricLabels): void;
  increment(amount?: number, labels?: MetricLabels): void;
  decrement(amount?: number, labels?: MetricLabels): void;
  getValue(labels?: MetricLabels): number;
}

export interface HistogramProtocol extends MetricProtocol {
  observe(value: number, labels?: MetricLabels): void;
  getObservations(labels?: MetricLabels): number[];
  /** Cumulative counts per upper bound, ending at `Infinity`. */
  getBucketCounts(labels?: MetricLabels): Map<number, number>;
}

export interface SummaryProtocol extends MetricProtocol {
  observe(value: number, labels?: MetricLabels): void;
  getObservations(labels?: MetricLabels): number[];
}

/** Creates and records metric instruments (bound under `METRICS_COLLECTOR`). */
export interface MetricsCollectorProtocol {
  registerMetric(metric: MetricProtocol): void;
  createCounter(name: string, description?: string, labels?: MetricLabels): CounterProtocol;
  createGauge(name: string, description?: string, labels?: MetricLabels): GaugeProtocol;
  createHistogram(
    name: string,
    description?: string,
    labels?: MetricLabels,
    buckets?: number[],
  ): HistogramProtocol;
  createSummary(name: string, description?: string, labels?: MetricLabels): SummaryProtocol;
  getMetric(name: string): MetricProtocol | undefined;
  getAllMetrics(): MetricProtocol[];
  clear(): void;
  increment(name: string, value?: number, tags?: MetricLabels): void;
  gauge(name: string, value: number, tags?: MetricLabels): void;
  histogram(name: string, value: number, tags?: MetricLabels): void;
  makeMetricName(name: string): string;
}
