import { MetricsCollector, type MetricsCollectorOptions } from '../collector/metrics-collector.js';
import { readMetricSeries, type MetricSeries } from '../collector/metric-series.util.js';
import { CollectorMetricsBackend } from './collector-metrics.backend.js';

/** Options of `MemoryMetricsBackend`. */
export interface MemoryMetricsBackendOptions extends MetricsCollectorOptions {
  /** Exported spans kept (oldest dropped first). @default 10000 */
  maxEntries?: number;
}

/**
 * Keeps everything in process: metrics are read from the application's
 * `MetricsCollector` (`snapshot()`), exported spans are kept in a bounded
 * list. Handy in tests and for small apps.
 *
 * @example
 * const backend = new MemoryMetricsBackend();
 * MonitorModule.configure({ backend }); // later: backend.snapshot('http_requests_total')
 */
export class MemoryMetricsBackend extends CollectorMetricsBackend {
  readonly kind = 'memory';
  private readonly spans: unknown[] = [];
  private readonly maxEntries: number;

  /**
   * @param options `maxEntries`; the collector options shape the collector the
   *   backend makes for itself when it is used on its own (no `collector`).
   * @param collector the collector to read (`MonitorModule` attaches the application's).
   */
  constructor(
    private readonly options: MemoryMetricsBackendOptions = {},
    collector?: MetricsCollector,
  ) {
    super(collector);
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  async initialize(): Promise<void> {}

  async shutdown(): Promise<void> {}

  async export(spans: readonly unknown[]): Promise<void> {
    for (const span of spans) push(this.spans, span, this.maxEntries);
  }

  /**
   * Every series the collector holds now, or those of the instrument `name`
   * (as registered, or as the collector would name it: prefix, sanitising).
   */
  snapshot(name?: string): MetricSeries[] {
    if (name === undefined) return this.collector.getAllMetrics().flatMap(readMetricSeries);
    const metric = this.collector.getMetric(name);
    return metric ? readMetricSeries(metric) : [];
  }

  /** Spans handed to `export()`, oldest first. */
  getExportedSpans(): unknown[] {
    return this.spans.slice(-this.maxEntries);
  }

  /** Zeroes every instrument of the collector (they stay registered) and drops the kept spans. */
  clear(): void {
    this.spans.length = 0;
    for (const metric of this.collector.getAllMetrics()) metric.reset();
  }

  protected override createCollector(): MetricsCollector {
    return new MetricsCollector(this.options);
  }
}

/** Appends, trimming to `max` only once the list is twice as long (amortised O(1)). */
function push<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length >= max * 2) list.splice(0, list.length - max);
}
