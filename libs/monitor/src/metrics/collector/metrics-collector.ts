import {
  DEFAULT_HISTOGRAM_BUCKETS,
  type BackendMetricType,
  type MetricLabels,
  type MetricProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import { heraldMetricHelp } from '@herald/contracts/internal';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { BaseMetric, type MetricRecordSink } from '../instruments/base-metric.js';
import { Counter } from '../instruments/counter.js';
import { Gauge, type GaugeOptions } from '../instruments/gauge.js';
import { Histogram } from '../instruments/histogram.js';
import { sanitiseMetricName } from '../instruments/metric-name.util.js';
import { DEFAULT_MAX_OBSERVATIONS } from '../instruments/observation-window.js';
import { Summary } from '../instruments/summary.js';
import { renderMetrics, type ExpositionFormat } from '../exposition/render-exposition.js';

/** What `MetricsCollector` takes: a `MetricsConfig` or the same fields as a plain object. */
export interface MetricsCollectorOptions {
  /** Put before every name (`app` + `requests` = `app_requests`). @default '' */
  prefix?: string;
  /** Constant labels of every instrument the collector creates. @default {} */
  defaultLabels?: Record<string, string>;
  /** Buckets of histograms created without their own. @default Prometheus' defaults */
  histogramBuckets?: number[];
  /** Raw observations kept per histogram/summary series. @default 1000 */
  maxObservations?: number;
  /**
   * Counters and histograms keep the current sampled span's trace id and span
   * id as an OpenMetrics exemplar (`metrics.exemplars`). @default false
   */
  exemplars?: boolean;
}

type Ctor<T> = new (...args: any[]) => T;

/**
 * A registry of instruments for one application
 * (never a process-wide singleton). Names go through `makeMetricName()`, so
 * the configured prefix is applied and free-form names such as
 * `orders.placed` become valid Prometheus names (`orders_placed`).
 *
 * It is the single place where values live. Instruments used directly
 * (`createCounter(...).increment()`, the HTTP metrics middleware,
 * `@Metered()`), the name-based calls (`increment`, `gauge`, `histogram`)
 * and a backend's `recordMetric()` all land in its instruments; every backend
 * reads them from here (the scrape endpoint, the OTLP export, the memory
 * backend, the database snapshots).
 *
 * @example
 * const metrics = new MetricsCollector({ prefix: 'shop', defaultLabels: { region: 'eu' } });
 * metrics.increment('orders.placed', 1, { channel: 'web' }); // shop_orders_placed{region="eu",channel="web"}
 */
export class MetricsCollector implements MetricsCollectorProtocol {
  private readonly metrics = new Map<string, MetricProtocol>();
  private readonly prefix: string;
  private readonly defaultLabels: Record<string, string>;
  private readonly buckets: number[];
  private readonly maxObservations: number;
  private readonly exemplars: boolean;
  private sink: MetricRecordSink | null = null;

  constructor(options: MetricsCollectorOptions = {}) {
    const prefix = options.prefix ?? '';
    this.prefix = prefix === '' || /[_:]$/.test(prefix) ? prefix : `${prefix}_`;
    this.defaultLabels = { ...(options.defaultLabels ?? {}) };
    this.buckets = options.histogramBuckets?.length
      ? [...options.histogramBuckets]
      : [...DEFAULT_HISTOGRAM_BUCKETS];
    this.maxObservations = options.maxObservations ?? DEFAULT_MAX_OBSERVATIONS;
    this.exemplars = options.exemplars ?? false;
  }

  /** Adds an instrument built elsewhere. The same instance twice is fine; another one under a taken name is not. */
  registerMetric(metric: MetricProtocol): void {
    const existing = this.metrics.get(metric.name);
    if (existing !== undefined && existing !== metric) {
      throw new InvalidMetricError(
        `A metric named "${metric.name}" is already registered; reuse it with getMetric("${metric.name}") or pick another name.`,
      );
    }
    if (metric instanceof BaseMetric) {
      metric.sink = this.sink;
      if (this.exemplars) metric.enableExemplars();
    }
    this.metrics.set(metric.name, metric);
  }

  /** Creates (or returns the existing) counter `makeMetricName(name)`. */
  createCounter(name: string, description = '', labels?: MetricLabels): Counter {
    return this.getOrCreate(
      name,
      Counter,
      (n) => new Counter(n, description || help(name), this.labels(labels)),
    );
  }

  /** `options.aggregation`: how a cluster primary merges the gauge over its workers. */
  createGauge(
    name: string,
    description = '',
    labels?: MetricLabels,
    options?: GaugeOptions,
  ): Gauge {
    return this.getOrCreate(
      name,
      Gauge,
      (n) => new Gauge(n, description || help(name), this.labels(labels), options),
    );
  }

  /** `buckets` defaults to `MetricsConfig.histogramBuckets`. */
  createHistogram(
    name: string,
    description = '',
    labels?: MetricLabels,
    buckets?: number[],
  ): Histogram {
    return this.getOrCreate(
      name,
      Histogram,
      (n) =>
        new Histogram(n, description || help(name), this.labels(labels), buckets ?? this.buckets, {
          maxObservations: this.maxObservations,
        }),
    );
  }

  createSummary(name: string, description = '', labels?: MetricLabels): Summary {
    return this.getOrCreate(
      name,
      Summary,
      (n) =>
        new Summary(n, description || help(name), this.labels(labels), {
          maxObservations: this.maxObservations,
        }),
    );
  }

  /** The instrument registered as `name` (or as `makeMetricName(name)`); `undefined` when absent. */
  getMetric(name: string): MetricProtocol | undefined {
    return this.metrics.get(name) ?? this.metrics.get(this.makeMetricName(name));
  }

  getAllMetrics(): MetricProtocol[] {
    return [...this.metrics.values()];
  }

  /** Forgets every instrument. */
  clear(): void {
    this.metrics.clear();
  }

  /** Adds `value` to counter `name` (created on first use). */
  increment(name: string, value = 1, tags?: MetricLabels): void {
    this.createCounter(name).increment(value, tags);
  }

  /** Sets gauge `name` (created on first use). */
  gauge(name: string, value: number, tags?: MetricLabels): void {
    this.createGauge(name).set(value, tags);
  }

  /** Observes `value` on histogram `name` (created on first use, default buckets). */
  histogram(name: string, value: number, tags?: MetricLabels): void {
    this.createHistogram(name).observe(value, tags);
  }

  /** `name` made a valid metric name, with the configured prefix in front (once). */
  makeMetricName(name: string): string {
    const clean = sanitiseMetricName(name);
    return this.prefix === '' || clean.startsWith(this.prefix) ? clean : this.prefix + clean;
  }

  /** The Prometheus text (or OpenMetrics, without `# EOF`) of every instrument. */
  metricsText(format: ExpositionFormat = 'prometheus'): string {
    const own: BaseMetric[] = [];
    for (const m of this.metrics.values()) if (m instanceof BaseMetric) own.push(m);
    return renderMetrics(own, format);
  }

  /** @internal called for every recorded value (or `null` to stop): `METRIC_RECORDED_EVENT`. */
  setRecordSink(sink: MetricRecordSink | null): void {
    this.sink = sink;
    for (const m of this.metrics.values()) if (m instanceof BaseMetric) m.sink = sink;
  }

  /**
   * Records through the backend protocol's metric types (what a backend's
   * `recordMetric()` does); another type is a `HeraldValueError`.
   */
  recordByType(name: string, value: number, type: BackendMetricType, tags?: MetricLabels): void {
    if (type === 'counter') this.increment(name, value, tags);
    else if (type === 'gauge') this.gauge(name, value, tags);
    else if (type === 'histogram') this.histogram(name, value, tags);
    else {
      throw new HeraldValueError(
        `Unknown metric type "${String(type)}" for "${name}": use counter, gauge or histogram.`,
      );
    }
  }

  private labels(labels: MetricLabels | undefined): MetricLabels | undefined {
    if (Object.keys(this.defaultLabels).length === 0) return labels;
    return { ...this.defaultLabels, ...(labels ?? {}) };
  }

  private getOrCreate<T extends BaseMetric>(
    name: string,
    Type: Ctor<T>,
    create: (name: string) => T,
  ): T {
    const full = this.makeMetricName(name);
    const existing = this.metrics.get(full);
    if (existing !== undefined) {
      if (existing instanceof Type) return existing;
      throw new InvalidMetricError(
        `Metric "${full}" is already registered as a ${(existing as BaseMetric).type ?? 'different instrument'}; use another name for the ${Type.name.toLowerCase()}.`,
      );
    }
    const metric = create(full);
    metric.sink = this.sink;
    if (this.exemplars) metric.enableExemplars();
    this.metrics.set(full, metric);
    return metric;
  }
}

/** Herald's own description of a metric it records by name, else empty (HELP then shows the name). */
function help(name: string): string {
  return heraldMetricHelp(name) ?? '';
}
