import type { MetricProtocol, MetricType } from '@herald/contracts';
import { BaseMetric } from '../instruments/base-metric.js';
import { Counter } from '../instruments/counter.js';
import type { Exemplar } from '../instruments/exemplar.js';
import { Gauge } from '../instruments/gauge.js';
import { Histogram } from '../instruments/histogram.js';
import { Summary } from '../instruments/summary.js';

/** One series (label set) of an instrument, as read at one moment. */
export interface MetricSeries {
  /** The instrument's name, as registered in the collector. */
  name: string;
  type: MetricType;
  description: string;
  /** The instrument's constant labels, then the variable labels that have a value. */
  labels: Record<string, string>;
  /** Counter: the total. Gauge: the value. Histogram and summary: the sum of the observations. */
  value: number;
  /** Histogram and summary: the number of observations. */
  count?: number;
  /** Histogram: the finite bucket upper bounds, ascending. */
  boundaries?: readonly number[];
  /** Histogram: observations per bucket (not cumulative), one more than `boundaries` (the last is `+Inf`). */
  bucketCounts?: number[];
  /** Summary: `[quantile, value]` pairs over the kept observations (not in raw reads). */
  quantiles?: Array<[number, number]>;
  /** Summary, raw reads: the kept observations, oldest first (what quantiles are computed from). */
  observations?: number[];
  /** Raw reads, while exemplars are on: counter, one; histogram, one per bucket (`null` where none). */
  exemplars?: Array<Exemplar | null>;
}

function labelsOf(metric: BaseMetric, index: number): Record<string, string> {
  const out: Record<string, string> = { ...metric.constLabels };
  const names = metric.labelNames;
  const values = metric.seriesValues(index);
  for (let i = 0; i < names.length; i++) if (values[i]) out[names[i]] = values[i];
  return out;
}

/**
 * Every series of one Herald instrument, read from its storage: what each
 * reader of a `MetricsCollector` (the OTLP export, the memory backend, the
 * database snapshots) sees. An instrument that is not Herald's own has none.
 */
export function readMetricSeries(metric: MetricProtocol): MetricSeries[] {
  return readSeries(metric, false);
}

/**
 * @internal what merging (a cluster primary) needs instead of what display
 * needs: summaries give their kept observations instead of quantiles,
 * counters and histograms their exemplars.
 */
export function readRawMetricSeries(metric: MetricProtocol): MetricSeries[] {
  return readSeries(metric, true);
}

function readSeries(metric: MetricProtocol, raw: boolean): MetricSeries[] {
  if (!(metric instanceof BaseMetric)) return [];
  const exemplars = raw ? metric.exemplars : null;
  const out: MetricSeries[] = [];
  for (let i = 0; i < metric.seriesCount; i++) {
    const base = {
      name: metric.name,
      type: metric.type,
      description: metric.description,
      labels: labelsOf(metric, i),
    };
    if (metric instanceof Counter) {
      const series: MetricSeries = { ...base, value: metric.valueAt(i) };
      if (exemplars !== null) series.exemplars = [exemplars[i] ?? null];
      out.push(series);
    } else if (metric instanceof Gauge) {
      out.push({ ...base, value: metric.valueAt(i) });
    } else if (metric instanceof Histogram) {
      const data = metric.seriesData(i);
      const n = metric.buckets.length;
      const series: MetricSeries = {
        ...base,
        value: data[n + 2],
        count: data[n + 1],
        boundaries: metric.buckets,
        bucketCounts: Array.from(data.subarray(0, n + 1)),
      };
      if (exemplars !== null) {
        series.exemplars = [];
        for (let b = 0; b <= n; b++)
          series.exemplars.push(exemplars[metric.exemplarSlot(i, b)] ?? null);
      }
      out.push(series);
    } else if (metric instanceof Summary) {
      const data = metric.seriesData(i);
      out.push(
        raw
          ? { ...base, value: data[1], count: data[0], observations: metric.observationsAt(i) }
          : { ...base, value: data[1], count: data[0], quantiles: metric.quantilesAt(i) },
      );
    }
  }
  return out;
}
