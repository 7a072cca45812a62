import type { GaugeProtocol, MetricLabels } from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { BaseMetric, ensureCapacity } from './base-metric.js';
import { invalidValue } from './metric-name.util.js';

/**
 * How the primary of a `node:cluster` merges one gauge over its workers
 * (`ClusterMetricsAggregator`): `'per-worker'` keeps each worker's series with
 * a `worker` label; the others fold the workers' values of a series into one.
 */
export type GaugeAggregation = 'per-worker' | 'sum' | 'min' | 'max' | 'avg' | 'first';

/** Every `GaugeAggregation`, for validation and docs. */
export const GAUGE_AGGREGATIONS: readonly GaugeAggregation[] = Object.freeze([
  'per-worker',
  'sum',
  'min',
  'max',
  'avg',
  'first',
]);

/** Options of `Gauge` after its positional parameters. */
export interface GaugeOptions {
  /** How a cluster primary merges this gauge over its workers. @default 'per-worker' */
  aggregation?: GaugeAggregation;
}

/** A gauge series bound to one label set. */
export class BoundGauge {
  constructor(
    private readonly gauge: Gauge,
    private readonly index: number,
  ) {}

  set(value: number): void {
    this.gauge.setAt(this.index, value);
  }

  inc(amount = 1): void {
    this.gauge.addAt(this.index, amount);
  }

  dec(amount = 1): void {
    this.gauge.addAt(this.index, -amount);
  }

  get(): number {
    return this.gauge.valueAt(this.index);
  }
}

/**
 * A value that goes up and down. `getValue()` without labels
 * returns the series written last. `options.aggregation` says how the
 * primary of a `node:cluster` merges it over the workers.
 *
 * @example
 * const queue = new Gauge('queue_depth'); queue.set(3); queue.decrement();
 * const inFlight = new Gauge('jobs_in_flight', '', undefined, { aggregation: 'sum' });
 */
export class Gauge extends BaseMetric implements GaugeProtocol {
  readonly type = 'gauge' as const;
  /** How a cluster primary merges this gauge over its workers. */
  readonly aggregation: GaugeAggregation;
  private data: Float64Array = new Float64Array(8);
  private last = -1;

  constructor(name: string, description = '', labels?: MetricLabels, options: GaugeOptions = {}) {
    super(name, description, labels);
    const aggregation = options.aggregation ?? 'per-worker';
    if (!GAUGE_AGGREGATIONS.includes(aggregation)) {
      throw new InvalidMetricError(
        `Invalid aggregation ${JSON.stringify(aggregation)} for gauge "${name}": use one of ${GAUGE_AGGREGATIONS.join(', ')}.`,
      );
    }
    this.aggregation = aggregation;
  }

  /** Sets the series of `labels` to `value`. */
  record(value: number, labels?: MetricLabels): void {
    this.setAt(this.seriesIndex(labels), value);
  }

  set(value: number, labels?: MetricLabels): void {
    this.setAt(this.seriesIndex(labels), value);
  }

  increment(amount = 1, labels?: MetricLabels): void {
    this.addAt(this.seriesIndex(labels), amount);
  }

  decrement(amount = 1, labels?: MetricLabels): void {
    this.addAt(this.seriesIndex(labels), -amount);
  }

  /** A child bound to `labels`: the label set is resolved once. */
  labels(labels: MetricLabels): BoundGauge {
    return new BoundGauge(this, this.seriesIndex(labels));
  }

  /** The value of one series, or of the series written last when `labels` is omitted. */
  getValue(labels?: MetricLabels): number {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? 0 : this.data[index];
    }
    return this.last < 0 ? 0 : this.data[this.last];
  }

  reset(): void {
    this.data.fill(0);
    this.last = -1;
  }

  /** @internal */
  setAt(index: number, value: number): void {
    if (typeof value !== 'number' || value !== value) throw invalidValue(this.name, value);
    this.data[index] = value;
    this.last = index;
    if (this.sink !== null) this.sink(this.name, value);
  }

  /** @internal */
  addAt(index: number, amount: number): void {
    if (typeof amount !== 'number' || amount !== amount) throw invalidValue(this.name, amount);
    const value = (this.data[index] += amount);
    this.last = index;
    if (this.sink !== null) this.sink(this.name, value);
  }

  /** @internal */
  valueAt(index: number): number {
    return this.data[index];
  }

  protected addSeries(index: number): void {
    this.data = ensureCapacity(this.data, index + 1);
  }
}
