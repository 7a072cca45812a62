import type { MetricProtocol } from '@herald/contracts';
import { readRawMetricSeries } from '../collector/metric-series.util.js';
import { BaseMetric } from '../instruments/base-metric.js';
import { Gauge } from '../instruments/gauge.js';
import { Histogram } from '../instruments/histogram.js';
import { Summary } from '../instruments/summary.js';
import type { MetricFamilySnapshot } from './cluster-metrics.types.js';

/**
 * Herald instruments as plain, JSON-safe data a cluster primary can merge:
 * counters and gauges by value, histograms by bucket counts, summaries by
 * their kept observations, with exemplars. Instruments without series, and
 * instruments that are not Herald's own, are left out.
 */
export function snapshotMetrics(metrics: Iterable<MetricProtocol>): MetricFamilySnapshot[] {
  const out: MetricFamilySnapshot[] = [];
  for (const metric of metrics) {
    if (!(metric instanceof BaseMetric) || metric.seriesCount === 0) continue;
    const family: MetricFamilySnapshot = {
      name: metric.name,
      type: metric.type,
      description: metric.description,
      labelNames: [...Object.keys(metric.constLabels), ...metric.labelNames],
      series: readRawMetricSeries(metric),
    };
    if (metric instanceof Histogram) family.buckets = [...metric.buckets];
    if (metric instanceof Summary) family.percentiles = [...metric.percentiles];
    if (metric instanceof Gauge) family.aggregation = metric.aggregation;
    out.push(family);
  }
  return out;
}
