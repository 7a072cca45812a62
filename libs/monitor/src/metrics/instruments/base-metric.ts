import type { MetricLabels, MetricProtocol, MetricType } from '@herald/contracts';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { sampledSpanContext } from '../../utils/active-span-context.util.js';
import type { Exemplar } from './exemplar.js';
import { exemplarWindow, startExemplarWindows } from './exemplar-window.util.js';
import { assertLabelName, assertMetricName, normaliseConstLabels } from './metric-name.util.js';

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
  private recordSink: MetricRecordSink | null = null;
  /**
   * @internal the last exemplar of each slot (a counter series, a histogram
   * bucket of a series); `null` while exemplars are off, so the hot path
   * pays one field check.
   */
  exemplars: Array<Exemplar | undefined> | null = null;
  /** @internal per slot, the exemplar window in which it last looked for the current span. */
  exemplarChecks: number[] = [];

  private names: readonly string[] = EMPTY;
  /**
   * Series lookup: one `Map` level per label name, keyed by the label value
   * as given (no key string is built on the hot path), the last level
   * holding the series index. Raw variants (`200` and `'200'`) get their
   * own branches that lead to the same series.
   */
  private readonly tree = new Map<unknown, any>();
  private readonly values: Array<readonly string[]> = [];
  private readonly prefixes: Array<string | undefined> = [];
  /** Index of the label-less series, -1 until it exists (read by the counter's fast path). */
  protected defaultIndex = -1;

  protected constructor(name: string, description = '', labels?: MetricLabels) {
    assertMetricName(name);
    this.name = name;
    this.description = description ?? '';
    this.constLabels = normaliseConstLabels(name, labels, this.reservedLabels());
  }

  /** @internal set by `MetricsCollector` while `METRIC_RECORDED_EVENT` has listeners. */
  get sink(): MetricRecordSink | null {
    return this.recordSink;
  }

  set sink(sink: MetricRecordSink | null) {
    this.recordSink = sink;
    this.hotPathChanged();
  }

  /**
   * Called when what a hot path depends on changes (the sink, exemplars, the
   * label-less series), so a subclass can fold it into one precomputed flag.
   */
  protected hotPathChanged(): void {}

  abstract record(value: number, labels?: MetricLabels): void;
  abstract reset(): void;
  /** Grows the subclass's storage for series `index`. */
  protected abstract addSeries(index: number): void;

  /** Label names the exposition adds itself (`le`, `quantile`). */
  protected reservedLabels(): readonly string[] {
    return EMPTY;
  }

  /** True when values recorded inside a sampled span keep its ids as an exemplar. */
  get exemplarsEnabled(): boolean {
    return this.exemplars !== null;
  }

  /**
   * Turns exemplars on (or off): a counter increment or a histogram
   * observation made while a sampled span is current keeps that span's
   * `trace_id` and `span_id`, shown in the OpenMetrics exposition only. Gauges
   * and summaries have no exemplars in OpenMetrics and ignore this.
   */
  enableExemplars(enabled = true): this {
    if (!enabled) this.exemplars = null;
    else if (this.exemplars === null) {
      this.exemplars = [];
      this.exemplarChecks = [];
      startExemplarWindows();
    }
    this.hotPathChanged();
    return this;
  }

  /**
   * @internal the first value of an exemplar window (`EXEMPLAR_WINDOW_MS`) in
   * `slot` (the caller checks `exemplarChecks[slot] !== exemplarWindow.current`,
   * keeping this call off the hot path): looks for the current sampled span
   * and, when there is one, makes the value the slot's exemplar.
   */
  protected sampleExemplar(slot: number, value: number): void {
    this.exemplarChecks[slot] = exemplarWindow.current;
    const span = sampledSpanContext();
    if (span === undefined) return;
    const slots = this.exemplars!;
    let exemplar = slots[slot];
    if (exemplar === undefined) {
      slots[slot] = exemplar = { traceId: '', spanId: '', value: 0, timestampMs: 0 };
    }
    exemplar.traceId = span.traceId;
    exemplar.spanId = span.spanId;
    exemplar.value = value;
    exemplar.timestampMs = Date.now();
  }

  /** @internal keeps `exemplar` in `slot` unless a later one is there (merging cluster workers). */
  mergeExemplar(slot: number, exemplar: Exemplar | null | undefined): void {
    if (exemplar === null || exemplar === undefined) return;
    const slots = (this.exemplars ??= []);
    const current = slots[slot];
    if (current === undefined || current.timestampMs < exemplar.timestampMs) {
      slots[slot] = { ...exemplar };
    }
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

  /** @internal cached `a="x",b="y"` fragment of series `index`. */
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
    const names = this.names;
    const n = names.length;
    let node: any = this.tree;
    let defined = 0;
    for (let i = 0; i < n; i++) {
      const v = labels[names[i]];
      if (v !== undefined) defined++;
      node = node.get(v);
      if (node === undefined) return this.resolve(labels);
    }
    let count = 0;
    for (const _ in labels) count++;
    return count === defined && n > 0 ? (node as number) : this.resolve(labels);
  }

  /** Index of an existing series, or -1 (read paths never create series). */
  protected findSeries(labels: MetricLabels): number {
    for (const k in labels) {
      if (!this.names.includes(k)) return -1;
    }
    if (this.names.every((n) => stringOf(labels[n]) === '')) return this.defaultIndex;
    let node: any = this.tree;
    for (const n of this.names) {
      node = node.get(stringOf(labels[n]));
      if (node === undefined) return -1;
    }
    return node as number;
  }

  private createDefault(): number {
    if (this.defaultIndex < 0) {
      this.defaultIndex = this.newSeries(EMPTY);
      this.hotPathChanged();
    }
    return this.defaultIndex;
  }

  /** Slow path: validates, fixes the names on first use, finds or creates the series, caches the raw path. */
  private resolve(labels: MetricLabels): number {
    const given = Object.keys(labels);
    if (this.names.length === 0) {
      if (given.length === 0) return this.createDefault();
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
        throw new InvalidMetricError(
          `Unknown label "${n}" on metric "${this.name}": its labels are fixed on first use to [${this.names.join(', ')}]. Use those names (an omitted one is "").`,
        );
      }
    }
    const canonical = this.names.map((n) => stringOf(labels[n]));
    let index: number;
    if (canonical.every((v) => v === '')) {
      index = this.createDefault();
    } else {
      const found = this.walk(canonical, -1);
      index = found >= 0 ? found : this.newSeries(Object.freeze(canonical));
      if (found < 0) this.walk(canonical, index);
    }
    this.walk(
      this.names.map((n) => labels[n]),
      index,
    );
    return index;
  }

  /** Follows `path` in the tree; with `insert >= 0`, creates the missing branch ending at `insert`. */
  private walk(path: readonly unknown[], insert: number): number {
    let node: Map<unknown, any> = this.tree;
    for (let i = 0; i < path.length; i++) {
      let next = node.get(path[i]);
      if (next === undefined) {
        if (insert < 0) return -1;
        next = i === path.length - 1 ? insert : new Map();
        node.set(path[i], next);
      }
      node = next;
    }
    return node as unknown as number;
  }

  private newSeries(values: readonly string[]): number {
    const index = this.values.length;
    this.values.push(values);
    this.prefixes.push(undefined);
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
