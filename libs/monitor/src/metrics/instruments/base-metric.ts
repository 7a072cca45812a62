import type { MetricLabels, MetricProtocol, MetricType } from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error';
import { assertLabelName, assertMetricName, normaliseConstLabels } from './metric-name.util';

/** Called for every recorded value when somebody listens (see `MetricsCollector`). */
export type MetricRecordSink = (metricName: string, value: number) => void;

const EMPTY: readonly string[] = Object.freeze([]);

/**
 * Series bookkeeping shared by every instrument. A label set is resolved once
 * to a series index (a `Map` lookup on a key built from the object as given);
 * the values themselves live in typed arrays of the subclasses. Label names
 * are fixed on first labelled use; a known label left out is `''`; an unknown
 * one is an `InvalidMetricError`.
 */
export abstract class BaseMetric implements MetricProtocol {
  abstract readonly type: MetricType;
  readonly name: string;
  readonly description: string;
  /** Labels put on every series of this instrument (constructor `labels`). */
  readonly constLabels: Readonly<Record<string, string>>;
  /** @internal set by `MetricsCollector` while `METRIC_RECORDED_EVENT` has listeners. */
  sink: MetricRecordSink | null = null;

  private names: readonly string[] = EMPTY;
  private readonly keys = new Map<string, number>();
  private readonly values: Array<readonly string[]> = [];
  private readonly prefixes: Array<string | undefined> = [];
  private defaultIndex = -1;

  protected constructor(name: string, description = '', labels?: MetricLabels) {
    assertMetricName(name);
    this.name = name;
    this.description = description ?? '';
    this.constLabels = normaliseConstLabels(name, labels, this.reservedLabels());
  }

  abstract record(value: number, labels?: MetricLabels): void;
  abstract reset(): void;
  /** Grows the subclass's storage for series `index`. */
  protected abstract addSeries(index: number): void;

  /** Label names the exposition adds itself (`le`, `quantile`). */
  protected reservedLabels(): readonly string[] {
    return EMPTY;
  }

  /** Label names of the variable labels, in the order they were first seen. */
  get labelNames(): readonly string[] {
    return this.names;
  }

  /** How many series (label sets) this instrument holds. */
  get seriesCount(): number {
    return this.values.length;
  }

  /** @internal label values of series `index`, aligned with `labelNames`. */
  seriesValues(index: number): readonly string[] {
    return this.values[index];
  }

  /** @internal cached `{a="x",b="y"` fragment of series `index` (without the closing brace). */
  seriesPrefix(index: number, render: (index: number) => string): string {
    let prefix = this.prefixes[index];
    if (prefix === undefined) this.prefixes[index] = prefix = render(index);
    return prefix;
  }

  /** Index of the series for `labels`, created on first use. */
  protected seriesIndex(labels: MetricLabels | undefined): number {
    if (labels === undefined || labels === null) {
      return this.defaultIndex >= 0 ? this.defaultIndex : this.createDefault();
    }
    let key = '';
    for (const k in labels) key += k + '\u0001' + labels[k] + '\u0002';
    const index = this.keys.get(key);
    return index !== undefined ? index : this.resolve(key, labels);
  }

  /** Index of an existing series, or -1 (read paths never create series). */
  protected findSeries(labels: MetricLabels): number {
    let key = '';
    for (const k in labels) key += k + '\u0001' + labels[k] + '\u0002';
    const index = this.keys.get(key);
    if (index !== undefined) return index;
    const canonical = this.canonicalKey(labels, false);
    return canonical === undefined ? -1 : (this.keys.get(canonical) ?? -1);
  }

  protected notify(value: number): void {
    if (this.sink !== null) this.sink(this.name, value);
  }

  private createDefault(): number {
    const existing = this.keys.get('');
    if (existing !== undefined) return (this.defaultIndex = existing);
    this.defaultIndex = this.newSeries('', EMPTY);
    return this.defaultIndex;
  }

  private resolve(rawKey: string, labels: MetricLabels): number {
    const canonical = this.canonicalKey(labels, true)!;
    let index = this.keys.get(canonical);
    if (index === undefined) {
      if (canonical === '') index = this.createDefault();
      else
        index = this.newSeries(
          canonical,
          this.names.map((n) => stringOf(labels[n])),
        );
    }
    if (this.keys.size < 100_000) this.keys.set(rawKey, index);
    return index;
  }

  /** `\u0001`-joined values aligned with `labelNames` (`''` when all empty); fixes the names on first use. */
  private canonicalKey(labels: MetricLabels, fix: boolean): string | undefined {
    const given = Object.keys(labels);
    if (this.names.length === 0 && given.length > 0) {
      if (!fix) return undefined;
      const reserved = this.reservedLabels();
      for (const n of given) {
        assertLabelName(this.name, n, reserved);
        if (n in this.constLabels) {
          throw new InvalidMetricError(
            `Label "${n}" of metric "${this.name}" is already a constant label of the instrument; remove it from the call.`,
          );
        }
      }
      this.names = Object.freeze(given);
    }
    for (const n of given) {
      if (!this.names.includes(n)) {
        if (!fix) return undefined;
        throw new InvalidMetricError(
          `Unknown label "${n}" on metric "${this.name}": its labels are fixed on first use to [${this.names.join(', ')}]. Use those names (an omitted one is "").`,
        );
      }
    }
    let key = '';
    let empty = true;
    for (let i = 0; i < this.names.length; i++) {
      const v = stringOf(labels[this.names[i]]);
      if (v !== '') empty = false;
      key += (i === 0 ? '' : '\u0001') + v;
    }
    return empty ? '' : key;
  }

  private newSeries(canonical: string, values: readonly string[]): number {
    const index = this.values.length;
    this.values.push(values);
    this.prefixes.push(undefined);
    this.keys.set(canonical, index);
    this.addSeries(index);
    return index;
  }
}

function stringOf(value: unknown): string {
  return value === undefined || value === null ? '' : String(value);
}

/** Grows a typed array to hold at least `size` entries (doubling). */
export function ensureCapacity(array: Float64Array, size: number): Float64Array {
  if (size <= array.length) return array;
  let length = Math.max(8, array.length);
  while (length < size) length *= 2;
  const grown = new Float64Array(length);
  grown.set(array);
  return grown;
}
