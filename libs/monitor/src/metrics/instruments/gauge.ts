import type { GaugeProtocol, MetricLabels } from '@herald/contracts';
import { BaseMetric, ensureCapacity } from './base-metric';
import { invalidValue } from './metric-name.util';

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
 * returns the series written last.
 *
 * @example
 * const queue = new Gauge('queue_depth'); queue.set(3); queue.decrement();
 */
export class Gauge extends BaseMetric implements GaugeProtocol {
  readonly type = 'gauge' as const;
  private data: Float64Array = new Float64Array(8);
  private last = -1;

  constructor(name: string, description = '', labels?: MetricLabels) {
    super(name, description, labels);
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
