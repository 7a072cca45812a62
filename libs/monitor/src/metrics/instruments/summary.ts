import type { MetricLabels, SummaryProtocol } from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { BaseMetric, ensureCapacity } from './base-metric.js';
import type { ObservationOptions } from './histogram.js';
import { invalidValue } from './metric-name.util.js';
import { DEFAULT_MAX_OBSERVATIONS, ObservationWindow } from './observation-window.js';

const RESERVED = ['quantile'] as const;

/** Options of `Summary` after its positional parameters. */
export interface SummaryOptions extends ObservationOptions {
  /** Quantiles exposed, computed over the window of kept observations. @default [0.5, 0.9, 0.99] */
  percentiles?: number[];
}

/**
 * Observations summarised by quantiles. Count and sum are
 * exact; quantiles are computed at scrape time over the bounded window of the
 * latest raw observations (`maxObservations` per series).
 */
export class Summary extends BaseMetric implements SummaryProtocol {
  readonly type = 'summary' as const;
  readonly percentiles: readonly number[];
  private readonly maxObservations: number;
  /** Per series: count, sum. */
  private data: Float64Array = new Float64Array(16);
  private windows: Array<ObservationWindow | undefined> = [];

  constructor(name: string, description = '', labels?: MetricLabels, options: SummaryOptions = {}) {
    super(name, description, labels);
    this.maxObservations = options.maxObservations ?? DEFAULT_MAX_OBSERVATIONS;
    const percentiles = options.percentiles ?? [0.5, 0.9, 0.99];
    for (const p of percentiles) {
      if (!(p >= 0 && p <= 1)) {
        throw new InvalidMetricError(
          `Invalid percentile ${p} for summary "${name}": use fractions between 0 and 1 (0.99 = p99).`,
        );
      }
    }
    this.percentiles = Object.freeze([...percentiles].sort((a, b) => a - b));
  }

  protected override reservedLabels(): readonly string[] {
    return RESERVED;
  }

  record(value: number, labels?: MetricLabels): void {
    this.observeAt(this.seriesIndex(labels), value);
  }

  observe(value: number, labels?: MetricLabels): void {
    this.observeAt(this.seriesIndex(labels), value);
  }

  getObservations(labels?: MetricLabels): number[] {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? [] : (this.windows[index]?.toArray() ?? []);
    }
    return this.windows.flatMap((w) => (w ? w.toArray() : []));
  }

  /** Exact count of one series, or of every series. */
  getSampleCount(labels?: MetricLabels): number {
    return this.total(labels, 0);
  }

  /** Exact sum of one series, or of every series. */
  getSampleSum(labels?: MetricLabels): number {
    return this.total(labels, 1);
  }

  /** `[quantile, value]` pairs of series `index` over its window (NaN when empty). @internal */
  quantilesAt(index: number): Array<[number, number]> {
    const sorted = this.observationsAt(index).sort((a, b) => a - b);
    return this.percentiles.map((p) => [p, quantile(sorted, p)]);
  }

  /** @internal adds the count, sum and kept observations of another summary's series. */
  mergeSeries(
    labels: MetricLabels,
    count: number,
    sum: number,
    observations: readonly number[],
  ): number {
    const index = this.seriesIndex(labels);
    this.data[index * 2] += count;
    this.data[index * 2 + 1] += sum;
    let window = this.windows[index];
    if (window === undefined)
      window = this.windows[index] = new ObservationWindow(this.maxObservations);
    for (const value of observations) window.push(value);
    return index;
  }

  /** @internal the kept raw observations of series `index`, oldest first. */
  observationsAt(index: number): number[] {
    return this.windows[index]?.toArray() ?? [];
  }

  /** @internal count and sum of series `index`. */
  seriesData(index: number): Float64Array {
    return this.data.subarray(index * 2, index * 2 + 2);
  }

  reset(): void {
    this.data.fill(0);
    for (const w of this.windows) w?.clear();
  }

  /** @internal */
  observeAt(index: number, value: number): void {
    if (typeof value !== 'number' || value !== value) throw invalidValue(this.name, value);
    this.data[index * 2]++;
    this.data[index * 2 + 1] += value;
    let window = this.windows[index];
    if (window === undefined)
      window = this.windows[index] = new ObservationWindow(this.maxObservations);
    window.push(value);
    if (this.sink !== null) this.sink(this.name, value);
  }

  protected addSeries(index: number): void {
    this.data = ensureCapacity(this.data, (index + 1) * 2);
    this.windows.push(undefined);
  }

  private total(labels: MetricLabels | undefined, offset: number): number {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? 0 : this.data[index * 2 + offset];
    }
    let sum = 0;
    for (let i = 0; i < this.seriesCount; i++) sum += this.data[i * 2 + offset];
    return sum;
  }
}

/** Nearest-rank quantile of an ascending array; NaN when empty. */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.max(0, Math.ceil(p * sorted.length) - 1);
  return sorted[Math.min(rank, sorted.length - 1)];
}
