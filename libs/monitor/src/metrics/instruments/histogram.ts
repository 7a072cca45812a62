import {
  DEFAULT_HISTOGRAM_BUCKETS,
  type HistogramProtocol,
  type MetricLabels,
} from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { BaseMetric, ensureCapacity } from './base-metric.js';
import { exemplarWindow } from './exemplar-window.util.js';
import { invalidValue } from './metric-name.util.js';
import { DEFAULT_MAX_OBSERVATIONS, ObservationWindow } from './observation-window.js';

/** Options after the positional parameters of `Histogram` and `Summary`. */
export interface ObservationOptions {
  /** Raw observations kept per series for `getObservations()`. @default 1000 */
  maxObservations?: number;
}

const RESERVED = ['le'] as const;

/** A histogram series bound to one label set. */
export class BoundHistogram {
  constructor(
    private readonly histogram: Histogram,
    private readonly index: number,
  ) {}

  observe(value: number): void {
    this.histogram.observeAt(this.index, value);
  }
}

/**
 * Bucketed observations. Per series it keeps the exact
 * count, sum and bucket counts in one `Float64Array` (bucket found by index,
 * no float-keyed objects) plus a bounded window of raw observations.
 *
 * @example
 * const latency = new Histogram('http_duration_seconds', 'Latency', undefined, [0.1, 0.5, 1]);
 * latency.observe(0.23, { route: '/users/:id' });
 */
export class Histogram extends BaseMetric implements HistogramProtocol {
  readonly type = 'histogram' as const;
  /** Finite upper bounds, ascending; `+Inf` is implicit. */
  readonly buckets: readonly number[];
  private readonly bounds: Float64Array;
  private readonly stride: number;
  private readonly maxObservations: number;
  /** Per series: `stride - 2` non-cumulative bucket counts (the last is `+Inf`), then count, then sum. */
  private data: Float64Array;
  private windows: Array<ObservationWindow | undefined> = [];

  constructor(
    name: string,
    description = '',
    labels?: MetricLabels,
    buckets?: number[],
    options: ObservationOptions = {},
  ) {
    super(name, description, labels);
    this.buckets = Object.freeze(normaliseBuckets(name, buckets));
    this.bounds = Float64Array.from(this.buckets);
    this.stride = this.buckets.length + 3;
    this.data = new Float64Array(this.stride * 4);
    this.maxObservations = options.maxObservations ?? DEFAULT_MAX_OBSERVATIONS;
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

  /** A child bound to `labels`: the label set is resolved once. */
  labels(labels: MetricLabels): BoundHistogram {
    return new BoundHistogram(this, this.seriesIndex(labels));
  }

  /** The kept raw observations (oldest first) of one series, or of every series. */
  getObservations(labels?: MetricLabels): number[] {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? [] : (this.windows[index]?.toArray() ?? []);
    }
    return this.windows.flatMap((w) => (w ? w.toArray() : []));
  }

  /** Cumulative counts per upper bound (`le`), ending with `Infinity`; one series or all. */
  getBucketCounts(labels?: MetricLabels): Map<number, number> {
    const n = this.buckets.length + 1;
    const totals = new Float64Array(n);
    const add = (index: number) => {
      for (let b = 0; b < n; b++) totals[b] += this.data[index * this.stride + b];
    };
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      if (index >= 0) add(index);
    } else {
      for (let i = 0; i < this.seriesCount; i++) add(i);
    }
    const out = new Map<number, number>();
    let running = 0;
    for (let b = 0; b < n; b++) {
      running += totals[b];
      out.set(b < this.buckets.length ? this.buckets[b] : Infinity, running);
    }
    return out;
  }

  /** Exact number of observations of one series, or of every series. */
  getSampleCount(labels?: MetricLabels): number {
    return this.total(labels, this.stride - 2);
  }

  /** Exact sum of the observations of one series, or of every series. */
  getSampleSum(labels?: MetricLabels): number {
    return this.total(labels, this.stride - 1);
  }

  reset(): void {
    this.data.fill(0);
    for (const w of this.windows) w?.clear();
    if (this.exemplars !== null) this.enableExemplars(false).enableExemplars();
  }

  /** @internal */
  observeAt(index: number, value: number): void {
    if (typeof value !== 'number' || value !== value) throw invalidValue(this.name, value);
    const bounds = this.bounds;
    const n = bounds.length;
    let b = 0;
    while (b < n && value > bounds[b]) b++;
    const base = index * this.stride;
    const data = this.data;
    data[base + b]++;
    data[base + n + 1]++;
    data[base + n + 2] += value;
    if (this.exemplars !== null) {
      const slot = this.exemplarSlot(index, b);
      if (this.exemplarChecks[slot] !== exemplarWindow.current) this.sampleExemplar(slot, value);
    }
    let window = this.windows[index];
    if (window === undefined)
      window = this.windows[index] = new ObservationWindow(this.maxObservations);
    window.push(value);
    if (this.sink !== null) this.sink(this.name, value);
  }

  /**
   * @internal adds a series of a histogram with the same buckets: counts per
   * bucket (not cumulative, `+Inf` last), count and sum; returns its index.
   */
  mergeSeries(
    labels: MetricLabels,
    bucketCounts: ArrayLike<number>,
    count: number,
    sum: number,
  ): number {
    const index = this.seriesIndex(labels);
    const base = index * this.stride;
    const n = this.bounds.length;
    for (let b = 0; b <= n; b++) this.data[base + b] += bucketCounts[b];
    this.data[base + n + 1] += count;
    this.data[base + n + 2] += sum;
    return index;
  }

  /** @internal the exemplar slot of `bucket` (0 … buckets.length, `+Inf` last) of series `index`. */
  exemplarSlot(index: number, bucket: number): number {
    return index * (this.bounds.length + 1) + bucket;
  }

  /** @internal the raw per-series slot: non-cumulative buckets, count, sum. */
  seriesData(index: number): Float64Array {
    return this.data.subarray(index * this.stride, (index + 1) * this.stride);
  }

  protected addSeries(index: number): void {
    this.data = ensureCapacity(this.data, (index + 1) * this.stride);
    this.windows.push(undefined);
  }

  private total(labels: MetricLabels | undefined, offset: number): number {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? 0 : this.data[index * this.stride + offset];
    }
    let sum = 0;
    for (let i = 0; i < this.seriesCount; i++) sum += this.data[i * this.stride + offset];
    return sum;
  }
}

function normaliseBuckets(name: string, buckets: number[] | undefined): number[] {
  if (buckets === undefined || buckets === null || buckets.length === 0) {
    return [...DEFAULT_HISTOGRAM_BUCKETS];
  }
  for (const b of buckets) {
    if (typeof b !== 'number' || b !== b) {
      throw new InvalidMetricError(
        `Invalid bucket ${JSON.stringify(b)} for histogram "${name}": buckets are numbers (upper bounds).`,
      );
    }
  }
  return [...new Set(buckets.filter((b) => b !== Infinity))].sort((a, b) => a - b);
}
