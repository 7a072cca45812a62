import { EventEmitter } from 'node:events';
import { Tracer } from '../../tracing/tracer.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { exemplarWindow } from '../instruments/exemplar-window.util.js';
import { createScrapeSource } from '../exposition/scrape-source.js';
import {
  ClusterMetricsAggregator,
  type ClusterWorkerHandle,
} from './cluster-metrics.aggregator.js';
import { serveClusterWorkerMetrics } from './cluster-metrics.worker.js';
import { mergeClusterSnapshots } from './merge-cluster-metrics.util.js';
import { snapshotMetrics } from './snapshot-metrics.util.js';

/** A worker handle and its worker-side channel, wired back to back in one process. */
function fakeWorker(id: number, collector: MetricsCollector | undefined) {
  const toWorker = new EventEmitter();
  const toPrimary = new EventEmitter();
  const handle = Object.assign(toPrimary, {
    id,
    isConnected: () => true,
    send(message: unknown, callback?: (error: Error | null) => void) {
      setImmediate(() => toWorker.emit('message', message));
      callback?.(null);
      return true;
    },
  }) as unknown as ClusterWorkerHandle;
  const stop = collector
    ? serveClusterWorkerMetrics(createScrapeSource({ collector }), {
        on: (e, l) => toWorker.on(e, l),
        off: (e, l) => toWorker.off(e, l),
        send: (m) => toPrimary.emit('message', JSON.parse(JSON.stringify(m))),
      })
    : () => undefined;
  return { handle, stop };
}

function worker(n: number): MetricsCollector {
  const m = new MetricsCollector({ defaultLabels: { app: 'shop' } });
  m.createCounter('jobs_total', 'Jobs').increment(n, { queue: 'mail' });
  m.createCounter('jobs_total').increment(1, { queue: n === 1 ? 'sms' : 'push' });
  m.createGauge('heap_bytes', 'Heap').set(100 * n);
  m.createGauge('in_flight', 'In flight', undefined, { aggregation: 'sum' }).set(n);
  m.createGauge('peak', 'Peak', undefined, { aggregation: 'max' }).set(10 * n);
  m.createGauge('lowest', 'Low', undefined, { aggregation: 'min' }).set(10 * n);
  m.createGauge('mean', 'Mean', undefined, { aggregation: 'avg' }).set(n);
  m.createGauge('build', 'Build', undefined, { aggregation: 'first' }).set(40 + n);
  const h = m.createHistogram('lat_seconds', 'Latency', undefined, [0.1, 1]);
  h.observe(0.05 * n, { route: '/a' });
  h.observe(5, { route: '/a' });
  const s = m.createSummary('size_bytes', 'Sizes');
  for (let i = 1; i <= 5; i++) s.observe(i * n);
  return m;
}

describe('cluster metrics', () => {
  it('merges snapshots: counters summed, gauges per worker or by mode, histograms and summaries merged', () => {
    const merged = mergeClusterSnapshots([
      {
        worker: '2',
        snapshot: { families: snapshotMetrics(worker(2).getAllMetrics()), promMetrics: [] },
      },
      {
        worker: '1',
        snapshot: { families: snapshotMetrics(worker(1).getAllMetrics()), promMetrics: [] },
      },
    ]);
    expect(merged.problems).toEqual([]);
    const text = merged.collector.metricsText();
    expect(text).toContain('jobs_total{app="shop",queue="mail"} 3\n');
    expect(text).toContain('jobs_total{app="shop",queue="sms"} 1\n');
    expect(text).toContain('jobs_total{app="shop",queue="push"} 1\n');
    expect(text).toContain('heap_bytes{app="shop",worker="1"} 100\n');
    expect(text).toContain('heap_bytes{app="shop",worker="2"} 200\n');
    expect(text).toContain('in_flight{app="shop"} 3\n');
    expect(text).toContain('peak{app="shop"} 20\n');
    expect(text).toContain('lowest{app="shop"} 10\n');
    expect(text).toContain('mean{app="shop"} 1.5\n');
    expect(text).toContain('build{app="shop"} 41\n');
    expect(text).toContain('lat_seconds_bucket{app="shop",route="/a",le="0.1"} 2\n');
    expect(text).toContain('lat_seconds_bucket{app="shop",route="/a",le="1"} 2\n');
    expect(text).toContain('lat_seconds_bucket{app="shop",route="/a",le="+Inf"} 4\n');
    expect(text).toContain('lat_seconds_count{app="shop",route="/a"} 4\n');
    expect(Number(/lat_seconds_sum\{app="shop",route="\/a"\} (\S+)\n/.exec(text)![1])).toBeCloseTo(
      10.15,
    );
    // Quantiles over the union of 1..5 and 2..10 (ten values), count and sum exact.
    expect(text).toContain('size_bytes{app="shop",quantile="0.5"} 4\n');
    expect(text).toContain('size_bytes{app="shop",quantile="0.9"} 8\n');
    expect(text).toContain('size_bytes_count{app="shop"} 10\n');
    expect(text).toContain('size_bytes_sum{app="shop"} 45\n');
  });

  it('keeps the latest exemplar of each series and bucket over the workers', async () => {
    const tracer = new Tracer('cluster');
    const workers = [1, 2].map(() => new MetricsCollector({ exemplars: true }));
    const spans = [tracer.startSpan('w1'), tracer.startSpan('w2')];
    for (const [i, m] of workers.entries()) {
      exemplarWindow.current++;
      tracer.withSpan(spans[i], () => {
        m.createCounter('jobs_total').increment(1);
        m.createHistogram('lat', '', undefined, [1]).observe(i === 0 ? 0.5 : 2);
      });
      await new Promise((r) => setTimeout(r, 20)); // worker 2's exemplars are later
    }
    const merged = mergeClusterSnapshots(
      workers.map((m, i) => ({
        worker: String(i + 1),
        snapshot: JSON.parse(
          JSON.stringify({ families: snapshotMetrics(m.getAllMetrics()), promMetrics: [] }),
        ),
      })),
    );
    const om = merged.collector.metricsText('openmetrics');
    expect(om).toContain(`jobs_total 2 # {trace_id="${spans[1].traceId}"`);
    expect(om).toContain(`lat_bucket{le="1"} 1 # {trace_id="${spans[0].traceId}"`);
    expect(om).toContain(`lat_bucket{le="+Inf"} 2 # {trace_id="${spans[1].traceId}"`);
    spans.forEach((s) => s.end());
    await tracer.shutdown();
  });

  it('reports a type clash or other buckets and merges the rest', () => {
    const a = new MetricsCollector();
    a.createCounter('x_total').increment();
    a.createHistogram('h', '', undefined, [1]).observe(1);
    const b = new MetricsCollector();
    b.createGauge('x_total').set(5);
    b.createHistogram('h', '', undefined, [2]).observe(1);
    const merged = mergeClusterSnapshots([
      { worker: '1', snapshot: { families: snapshotMetrics(a.getAllMetrics()), promMetrics: [] } },
      { worker: '2', snapshot: { families: snapshotMetrics(b.getAllMetrics()), promMetrics: [] } },
    ]);
    expect(merged.problems).toEqual([
      expect.stringContaining('metric "x_total" is a gauge in worker 2 but a counter in worker 1'),
      expect.stringContaining('histogram "h" of worker 2 has buckets [2], not [1]'),
    ]);
    expect(merged.collector.metricsText()).toContain('x_total 1\n');
  });

  it('asks every worker over IPC, and leaves out (and reports) one that does not answer in time', async () => {
    const one = fakeWorker(1, worker(1));
    const two = fakeWorker(2, worker(2));
    const mute = fakeWorker(3, undefined);
    const warnings: string[] = [];
    const aggregator = new ClusterMetricsAggregator({
      timeoutMs: 200,
      logger: { warn: (m: string) => warnings.push(m) },
      workers: () => [one.handle, two.handle, mute.handle],
    });
    const om = await aggregator.metrics('openmetrics');
    expect(om).toContain('jobs_total{app="shop",queue="mail"} 3\n');
    expect(om).toContain('herald_cluster_worker_up{worker="1"} 1\n');
    expect(om).toContain('herald_cluster_worker_up{worker="3"} 0\n');
    expect(om.endsWith('# EOF\n')).toBe(true);
    expect(warnings).toEqual([
      'cluster worker 3 did not answer within 200 ms; its metrics are left out of this scrape',
    ]);
    one.stop();
    const after = await aggregator.collect();
    expect(after.answers.map((a) => a.worker)).toEqual(['2']);
    expect(after.missing.map((m) => m.worker).sort()).toEqual(['1', '3']);
    two.stop();
  });

  it('refuses to serve without an IPC channel', () => {
    expect(() =>
      serveClusterWorkerMetrics(createScrapeSource({}), { on: () => 0, off: () => 0 }),
    ).toThrow(/process\.send is undefined/);
  });
});
