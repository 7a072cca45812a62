import { ValueType, type HrTime } from '@opentelemetry/api';
import { hrTime } from '@opentelemetry/core';
import { emptyResource } from '@opentelemetry/resources';
import type {
  AggregationTemporality,
  CollectionResult,
  DataPointType,
  MetricData,
  MetricDescriptor,
  MetricProducer,
} from '@opentelemetry/sdk-metrics';
import type { MetricsCollector } from '../collector/metrics-collector.js';
import { readMetricSeries, type MetricSeries } from '../collector/metric-series.util.js';

// The SDK's enum values, spelled out so this file loads without the optional SDK.
const CUMULATIVE = 1 as AggregationTemporality.CUMULATIVE;
const HISTOGRAM = 0 as DataPointType.HISTOGRAM;
const GAUGE = 2 as DataPointType.GAUGE;
const SUM = 3 as DataPointType.SUM;

const SCOPE = { name: '@herald/monitor' };

/**
 * An OpenTelemetry `MetricProducer` over a Herald `MetricsCollector`,
 * registered on the OTLP backend's reader: each collection reads the
 * collector's series as they are then (cumulative since the producer was
 * made). Counters are monotonic sums, gauges gauges, histograms explicit-bucket
 * histograms with the instrument's bounds; a summary becomes a gauge per
 * quantile (attribute `quantile`) plus `<name>_sum` and `<name>_count` sums,
 * the series the Prometheus exposition shows.
 */
export class CollectorMetricProducer implements MetricProducer {
  private readonly startTime: HrTime = hrTime();

  /** @param source the collector to read, looked up on every collection */
  constructor(private readonly source: () => MetricsCollector) {}

  async collect(): Promise<CollectionResult> {
    const endTime = hrTime();
    const metrics: MetricData[] = [];
    for (const metric of this.source().getAllMetrics()) {
      const series = readMetricSeries(metric);
      if (series.length > 0) toMetricData(series, this.startTime, endTime, metrics);
    }
    return {
      resourceMetrics: {
        resource: emptyResource(),
        scopeMetrics: metrics.length > 0 ? [{ scope: SCOPE, metrics }] : [],
      },
      errors: [],
    };
  }
}

function descriptor(name: string, description: string): MetricDescriptor {
  return { name, description, unit: '', valueType: ValueType.DOUBLE };
}

/** Appends the OTLP metric data of one instrument's series (all of one type) to `out`. */
function toMetricData(
  series: MetricSeries[],
  startTime: HrTime,
  endTime: HrTime,
  out: MetricData[],
): void {
  const { name, type, description } = series[0];
  const point = <T>(s: MetricSeries, value: T, attributes = s.labels) => ({
    startTime,
    endTime,
    attributes,
    value,
  });
  const sum = (metricName: string, values: Array<[MetricSeries, number]>): MetricData => ({
    descriptor: descriptor(metricName, description),
    aggregationTemporality: CUMULATIVE,
    dataPointType: SUM,
    isMonotonic: true,
    dataPoints: values.map(([s, v]) => point(s, v)),
  });
  switch (type) {
    case 'counter':
      out.push(
        sum(
          name,
          series.map((s) => [s, s.value]),
        ),
      );
      return;
    case 'gauge':
      out.push({
        descriptor: descriptor(name, description),
        aggregationTemporality: CUMULATIVE,
        dataPointType: GAUGE,
        dataPoints: series.map((s) => point(s, s.value)),
      });
      return;
    case 'histogram':
      out.push({
        descriptor: descriptor(name, description),
        aggregationTemporality: CUMULATIVE,
        dataPointType: HISTOGRAM,
        dataPoints: series.map((s) =>
          point(s, {
            buckets: { boundaries: [...s.boundaries!], counts: s.bucketCounts! },
            sum: s.value,
            count: s.count!,
          }),
        ),
      });
      return;
    case 'summary':
      out.push({
        descriptor: descriptor(name, description),
        aggregationTemporality: CUMULATIVE,
        dataPointType: GAUGE,
        dataPoints: series.flatMap((s) =>
          s.quantiles!.map(([q, v]) => point(s, v, { ...s.labels, quantile: String(q) })),
        ),
      });
      out.push(
        sum(
          `${name}_sum`,
          series.map((s) => [s, s.value]),
        ),
      );
      out.push(
        sum(
          `${name}_count`,
          series.map((s) => [s, s.count!]),
        ),
      );
      return;
  }
}
