import type { MetricProtocol, MetricType } from '@herald/contracts';
import { BaseMetric } from '../instruments/base-metric';
import { Counter } from '../instruments/counter';
import { Gauge } from '../instruments/gauge';
import { Histogram } from '../instruments/histogram';
import { Summary } from '../instruments/summary';

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
  /** Summary: `[quantile, value]` pairs over the kept observations. */
  quantiles?: Array<[number, number]>;
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
  if (!(metric instanceof BaseMetric)) return [];
  const out: MetricSeries[] = [];
  for (let i = 0; i < metric.seriesCount; i++) {
    const base = {
      name: metric.name,
      type: metric.type,
      description: metric.description,
      labels: labelsOf(metric, i),
    };
    if (metric instanceof Counter || metric instanceof Gauge) {
      out.push({ ...base, value: metric.valueAt(i) });
    } else if (metric instanceof Histogram) {
      const data = metric.seriesData(i);
      const n = metric.buckets.length;
      out.push({
        ...base,
        value: data[n + 2],
        count: data[n + 1],
        boundaries: metric.buckets,
        bucketCounts: Array.from(data.subarray(0, n + 1)),
      });
    } else if (metric instanceof Summary) {
      const data = metric.seriesData(i);
      out.push({ ...base, value: data[1], count: data[0], quantiles: metric.quantilesAt(i) });
    }
  }
  return out;
}
