import type { MetricLabels } from '@herald/contracts';
import type { MetricSeries } from '../collector/metric-series.util.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { Counter } from '../instruments/counter.js';
import { Gauge, type GaugeAggregation } from '../instruments/gauge.js';
import { Histogram } from '../instruments/histogram.js';
import { Summary } from '../instruments/summary.js';
import type { MetricFamilySnapshot, WorkerMetricsSnapshot } from './cluster-metrics.types.js';

/** The label a `'per-worker'` gauge gets: the cluster worker id. */
export const WORKER_LABEL = 'worker';

/** Workers' snapshots merged into one collector, plus their prom-client metrics. */
export interface MergedClusterMetrics {
  collector: MetricsCollector;
  /** Each worker's prom-client metrics, for prom-client's `AggregatorRegistry.aggregate()`. */
  promMetrics: unknown[][];
  /** What could not be merged, one sentence each (the rest is merged). */
  problems: string[];
}

interface Entry {
  worker: string;
  family: MetricFamilySnapshot;
}

function byWorkerId(a: WorkerMetricsSnapshot, b: WorkerMetricsSnapshot): number {
  return Number(a.worker) - Number(b.worker) || a.worker.localeCompare(b.worker);
}

/** Every label name of the group, in first-seen order. */
function unionOfLabelNames(entries: readonly Entry[]): string[] {
  const names = new Set<string>();
  for (const { family } of entries) for (const name of family.labelNames) names.add(name);
  return [...names];
}

function labelsOf(names: readonly string[], series: MetricSeries): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of names) out[name] = series.labels[name] ?? '';
  return out;
}

function fold(mode: Exclude<GaugeAggregation, 'per-worker'>, values: number[]): number {
  switch (mode) {
    case 'sum':
      return values.reduce((a, b) => a + b, 0);
    case 'min':
      return Math.min(...values);
    case 'max':
      return Math.max(...values);
    case 'avg':
      return values.reduce((a, b) => a + b, 0) / values.length;
    case 'first':
      return values[0];
  }
}

function mergeCounter(target: Counter, names: string[], entries: readonly Entry[]): void {
  for (const { family } of entries) {
    for (const series of family.series) {
      const index = target.mergeSeries(labelsOf(names, series), series.value);
      target.mergeExemplar(index, series.exemplars?.[0]);
    }
  }
}

function mergeGauge(target: Gauge, names: string[], entries: readonly Entry[]): void {
  const mode = target.aggregation;
  if (mode === 'per-worker') {
    const withWorker = names.includes(WORKER_LABEL) ? names : [...names, WORKER_LABEL];
    for (const { worker, family } of entries) {
      for (const series of family.series) {
        target.set(series.value, { ...labelsOf(withWorker, series), [WORKER_LABEL]: worker });
      }
    }
    return;
  }
  const groups = new Map<string, { labels: MetricLabels; values: number[] }>();
  for (const { family } of entries) {
    for (const series of family.series) {
      const labels = labelsOf(names, series);
      const key = JSON.stringify(names.map((n) => labels[n]));
      const group = groups.get(key);
      if (group) group.values.push(series.value);
      else groups.set(key, { labels, values: [series.value] });
    }
  }
  for (const { labels, values } of groups.values()) target.set(fold(mode, values), labels);
}

function sameBuckets(a: readonly number[] | undefined, b: readonly number[] | undefined): boolean {
  return (
    a !== undefined && b !== undefined && a.length === b.length && a.every((v, i) => v === b[i])
  );
}

function mergeHistogram(
  target: Histogram,
  names: string[],
  entries: readonly Entry[],
  problems: string[],
): void {
  for (const { worker, family } of entries) {
    if (!sameBuckets(family.buckets, target.buckets)) {
      problems.push(
        `histogram "${family.name}" of worker ${worker} has buckets [${family.buckets?.join(', ')}], not [${target.buckets.join(', ')}] as the other workers; it is left out of the merge (give every worker the same buckets).`,
      );
      continue;
    }
    for (const series of family.series) {
      const index = target.mergeSeries(
        labelsOf(names, series),
        series.bucketCounts ?? [],
        series.count ?? 0,
        series.value,
      );
      series.exemplars?.forEach((exemplar, bucket) =>
        target.mergeExemplar(target.exemplarSlot(index, bucket), exemplar),
      );
    }
  }
}

function mergeSummary(target: Summary, names: string[], entries: readonly Entry[]): void {
  for (const { family } of entries) {
    for (const series of family.series) {
      target.mergeSeries(
        labelsOf(names, series),
        series.count ?? 0,
        series.value,
        series.observations ?? [],
      );
    }
  }
}

/** The instrument the group is merged into, built like the first worker's. */
function createTarget(first: MetricFamilySnapshot, entries: readonly Entry[]) {
  const { name, description } = first;
  switch (first.type) {
    case 'counter':
      return new Counter(name, description);
    case 'gauge':
      return new Gauge(name, description, undefined, { aggregation: first.aggregation });
    case 'histogram':
      return new Histogram(name, description, undefined, first.buckets, { maxObservations: 0 });
    case 'summary': {
      let kept = 0;
      for (const { family } of entries)
        for (const s of family.series) kept += s.observations?.length ?? 0;
      return new Summary(name, description, undefined, {
        percentiles: first.percentiles,
        maxObservations: kept,
      });
    }
  }
}

/**
 * Merges the snapshots of a cluster's workers into one collector: counters
 * summed; gauges per worker (a `worker` label) or folded by their declared
 * aggregation (`sum`, `min`, `max`, `avg`, `first` in worker-id order);
 * histograms merged bucket by bucket (count and sum added); summaries with
 * count and sum added and their quantiles computed again over the union of
 * the workers' kept observations. Exemplars keep the latest per series and
 * bucket. A family whose type differs between workers, or a histogram with
 * other buckets, is reported in `problems` and left out for that worker.
 */
export function mergeClusterSnapshots(
  parts: readonly WorkerMetricsSnapshot[],
): MergedClusterMetrics {
  const ordered = [...parts].sort(byWorkerId);
  const groups = new Map<string, Entry[]>();
  const problems: string[] = [];
  for (const { worker, snapshot } of ordered) {
    for (const family of snapshot.families) {
      const group = groups.get(family.name);
      if (group === undefined) groups.set(family.name, [{ worker, family }]);
      else if (group[0].family.type !== family.type) {
        problems.push(
          `metric "${family.name}" is a ${family.type} in worker ${worker} but a ${group[0].family.type} in worker ${group[0].worker}; worker ${worker}'s is left out (use one type per name).`,
        );
      } else group.push({ worker, family });
    }
  }
  const collector = new MetricsCollector();
  for (const entries of groups.values()) {
    const names = unionOfLabelNames(entries);
    const target = createTarget(entries[0].family, entries);
    if (target instanceof Counter) mergeCounter(target, names, entries);
    else if (target instanceof Gauge) mergeGauge(target, names, entries);
    else if (target instanceof Histogram) mergeHistogram(target, names, entries, problems);
    else mergeSummary(target, names, entries);
    collector.registerMetric(target);
  }
  return {
    collector,
    promMetrics: ordered.map((p) => p.snapshot.promMetrics).filter((m) => m.length > 0),
    problems,
  };
}
