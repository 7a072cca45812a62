import type { CounterProtocol, MetricLabels } from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { BaseMetric, ensureCapacity } from './base-metric.js';
import { exemplarWindow } from './exemplar-window.util.js';
import { invalidValue } from './metric-name.util.js';

/** A counter series bound to one label set: `inc()` skips the label lookup. */
export class BoundCounter {
  constructor(
    private readonly counter: Counter,
    private readonly index: number,
  ) {}

  /** Adds `amount` (default 1, must be finite and >= 0). */
  inc(amount = 1): void {
    this.counter.addAt(this.index, amount);
  }

  /** Alias of `inc()`. */
  increment(amount = 1): void {
    this.counter.addAt(this.index, amount);
  }

  get(): number {
    return this.counter.valueAt(this.index);
  }
}

/**
 * A monotonic counter. Values live in one `Float64Array`
 * indexed by series.
 *
 * @example
 * const sent = new Counter('emails_sent_total', 'Emails sent');
 * sent.increment(1, { provider: 'smtp' });
 * const smtp = sent.labels({ provider: 'smtp' }); smtp.inc();
 */
export class Counter extends BaseMetric implements CounterProtocol {
  readonly type = 'counter' as const;
  private data: Float64Array = new Float64Array(8);
  /**
   * The value of the label-less series (its slot in `data` stays 0): a
   * number field is several times cheaper to add to than a typed-array
   * element, which is what the label-less fast path of `inc()` needs.
   */
  private plain = 0;
  /**
   * True while the label-less fast path applies: the label-less series
   * exists, exemplars are off and nobody listens (kept by `hotPathChanged`),
   * so `increment()` checks one field, not three.
   */
  private plainOnly = false;

  constructor(name: string, description = '', labels?: MetricLabels) {
    super(name, description, labels);
  }

  /** Adds `value` (finite, >= 0) to the series of `labels`. */
  record(value: number, labels?: MetricLabels): void {
    this.addAt(this.seriesIndex(labels), value);
  }

  /** Alias of `record(amount, labels)`; `amount` defaults to 1. */
  increment(amount = 1, labels?: MetricLabels): void {
    // Fast path of a label-less counter: one flag, no lookup, no allocation, one store. The
    // checks of `amount` fold away when it is the default 1.
    if (
      labels === undefined &&
      this.plainOnly &&
      typeof amount === 'number' &&
      amount >= 0 &&
      amount !== Infinity
    ) {
      this.plain += amount;
      return;
    }
    this.addAt(this.seriesIndex(labels), amount);
  }

  /** Short alias of `increment` (small enough for V8 to inline the fast path into it). */
  inc(amount = 1, labels?: MetricLabels): void {
    this.increment(amount, labels);
  }

  /** A child bound to `labels`: the label set is resolved once. */
  labels(labels: MetricLabels): BoundCounter {
    return new BoundCounter(this, this.seriesIndex(labels));
  }

  /** The count of one series, or the total over every series when `labels` is omitted. */
  getCount(labels?: MetricLabels): number {
    if (labels !== undefined) {
      const index = this.findSeries(labels);
      return index < 0 ? 0 : this.valueAt(index);
    }
    let total = this.plain;
    for (let i = 0; i < this.seriesCount; i++) total += this.data[i];
    return total;
  }

  /** Back to zero on every series. */
  reset(): void {
    this.data.fill(0);
    this.plain = 0;
    if (this.exemplars !== null) this.enableExemplars(false).enableExemplars();
  }

  /** @internal */
  addAt(index: number, amount: number): void {
    if (typeof amount !== 'number' || !(amount >= 0) || amount === Infinity) {
      if (typeof amount === 'number' && amount < 0) {
        throw new InvalidMetricError(
          `Counter "${this.name}" cannot decrease (got ${amount}); use a Gauge for values that go down.`,
        );
      }
      throw invalidValue(this.name, amount);
    }
    if (index === this.defaultIndex) this.plain += amount;
    else this.data[index] += amount;
    if (this.exemplars !== null && this.exemplarChecks[index] !== exemplarWindow.current)
      this.sampleExemplar(index, amount);
    if (this.sink !== null) this.sink(this.name, amount);
  }

  /** @internal adds another counter's series total; returns its index. */
  mergeSeries(labels: MetricLabels, value: number): number {
    const index = this.seriesIndex(labels);
    if (index === this.defaultIndex) this.plain += value;
    else this.data[index] += value;
    return index;
  }

  /** @internal */
  valueAt(index: number): number {
    return index === this.defaultIndex ? this.plain : this.data[index];
  }

  protected override hotPathChanged(): void {
    this.plainOnly = this.defaultIndex >= 0 && this.exemplars === null && this.sink === null;
  }

  protected addSeries(index: number): void {
    this.data = ensureCapacity(this.data, index + 1);
  }
}
