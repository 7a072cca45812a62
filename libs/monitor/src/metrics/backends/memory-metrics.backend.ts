import type { BackendMetricType, MetricLabels, MetricsBackendProtocol } from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error';
import { MetricsCollector, type MetricsCollectorOptions } from '../collector/metrics-collector';

/** One value handed to `MemoryMetricsBackend.recordMetric()`. */
export interface RecordedMetric {
  name: string;
  value: number;
  type: BackendMetricType;
  labels?: MetricLabels;
  /** `performance.now()` at record time (monotonic milliseconds). */
  timestamp: number;
}

/** Options of `MemoryMetricsBackend`. */
export interface MemoryMetricsBackendOptions extends MetricsCollectorOptions {
  /** Recorded entries and exported spans kept (oldest dropped first). @default 10000 */
  maxEntries?: number;
}

const TYPES: readonly BackendMetricType[] = ['counter', 'gauge', 'histogram'];

/**
 * Keeps everything in process: each `recordMetric()` lands in a
 * `MetricsCollector` (aggregated, scrapable) and in a bounded list of raw
 * entries; exported spans are kept too. Handy in tests and for small apps.
 */
export class MemoryMetricsBackend implements MetricsBackendProtocol {
  readonly kind = 'memory';
  readonly collector: MetricsCollector;
  private readonly entries: RecordedMetric[] = [];
  private readonly spans: unknown[] = [];
  private readonly maxEntries: number;

  constructor(options: MemoryMetricsBackendOptions = {}, collector?: MetricsCollector) {
    this.collector = collector ?? new MetricsCollector({ ...options, forwardTo: undefined });
    this.maxEntries = options.maxEntries ?? 10_000;
  }

  async initialize(): Promise<void> {}

  async shutdown(): Promise<void> {}

  recordMetric(
    name: string,
    value: number,
    metricType: BackendMetricType,
    labels?: MetricLabels,
  ): void {
    if (!TYPES.includes(metricType)) {
      throw new HeraldValueError(
        `Unknown metric type "${String(metricType)}" for "${name}": use counter, gauge or histogram.`,
      );
    }
    this.collector.recordByType(name, value, metricType, labels);
    push(
      this.entries,
      { name, value, type: metricType, labels, timestamp: performance.now() },
      this.maxEntries,
    );
  }

  async export(spans: readonly unknown[]): Promise<void> {
    for (const span of spans) push(this.spans, span, this.maxEntries);
  }

  /** The raw entries recorded, oldest first (at most `maxEntries`). */
  getRecords(name?: string): RecordedMetric[] {
    const kept = this.entries.slice(-this.maxEntries);
    return name === undefined ? kept : kept.filter((e) => e.name === name);
  }

  /** Spans handed to `export()`, oldest first. */
  getExportedSpans(): unknown[] {
    return this.spans.slice(-this.maxEntries);
  }

  clear(): void {
    this.entries.length = 0;
    this.spans.length = 0;
    this.collector.clear();
  }
}

/** Appends, trimming to `max` only once the list is twice as long (amortised O(1)). */
function push<T>(list: T[], item: T, max: number): void {
  list.push(item);
  if (list.length >= max * 2) list.splice(0, list.length - max);
}
