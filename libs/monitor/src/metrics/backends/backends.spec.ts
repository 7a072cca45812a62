import { HeraldValueError } from '../../errors/herald-value.error.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { BufferedMetricRecorder } from './buffered-metric-recorder.js';
import { MemoryMetricsBackend } from './memory-metrics.backend.js';
import { NoopMetricsBackend } from './noop-metrics.backend.js';
import { OtlpMetricsBackend } from './otlp-metrics.backend.js';
import {
  AggregationTemporality,
  InMemoryMetricExporter,
  type PushMetricExporter,
} from '@opentelemetry/sdk-metrics';
import { BatchingMetricExporter } from '../exporters/batching-metric.exporter.js';

describe('MemoryMetricsBackend', () => {
  it('reads the collector: recordMetric and instruments used directly land in the same series', async () => {
    const collector = new MetricsCollector({ prefix: 'app' });
    const backend = new MemoryMetricsBackend({ maxEntries: 2 }, collector);
    await backend.initialize();
    for (let i = 1; i <= 5; i++) backend.recordMetric('jobs', i, 'counter', { q: 'a' });
    collector.createCounter('jobs').increment(10, { q: 'a' });
    backend.recordMetric('depth', 2, 'gauge');
    collector.createHistogram('lat', '', undefined, [1, 5]).observe(3);
    backend.recordMetric('lat', 0.5, 'histogram');
    expect(backend.collector).toBe(collector);
    expect(backend.snapshot('jobs')).toEqual([
      { name: 'app_jobs', type: 'counter', description: '', labels: { q: 'a' }, value: 25 },
    ]);
    expect(backend.snapshot('app_depth')[0]).toMatchObject({ type: 'gauge', value: 2 });
    expect(backend.snapshot('lat')[0]).toMatchObject({
      type: 'histogram',
      value: 3.5,
      count: 2,
      boundaries: [1, 5],
      bucketCounts: [1, 1, 0],
    });
    expect(backend.snapshot().map((s) => s.name)).toEqual(['app_jobs', 'app_depth', 'app_lat']);
    expect(backend.snapshot('missing')).toEqual([]);
    expect(() => backend.recordMetric('x', 1, 'summary' as any)).toThrow(HeraldValueError);
    expect(() => backend.recordMetric('x', 1, 'summary' as any)).toThrow(
      /Unknown metric type "summary" for "x": use counter, gauge or histogram/,
    );
    await backend.export([{ name: 'a' }, { name: 'b' }, { name: 'c' }]);
    expect(backend.getExportedSpans()).toEqual([{ name: 'b' }, { name: 'c' }]);
    backend.clear();
    expect(backend.getExportedSpans()).toEqual([]);
    expect(backend.snapshot('jobs')[0].value).toBe(0);
    await backend.shutdown();
  });

  it('on its own it records into a collector of its own, shaped by the collector options', () => {
    const backend = new MemoryMetricsBackend({ prefix: 'solo' });
    backend.recordMetric('jobs', 1, 'counter');
    expect(backend.snapshot()).toEqual([expect.objectContaining({ name: 'solo_jobs', value: 1 })]);
    const attached = new MetricsCollector();
    backend.attachCollector(attached);
    backend.recordMetric('jobs', 2, 'counter');
    expect(attached.getMetric('jobs')).toBeDefined();
    expect(backend.snapshot()).toEqual([expect.objectContaining({ name: 'jobs', value: 2 })]);
  });
});

describe('NoopMetricsBackend', () => {
  it('accepts and drops everything', async () => {
    const backend = new NoopMetricsBackend();
    await backend.initialize();
    backend.recordMetric();
    await backend.export();
    await backend.shutdown();
    expect(backend.kind).toBe('noop');
  });
});

describe('OtlpMetricsBackend', () => {
  it('validates compression', () => {
    expect(() => new OtlpMetricsBackend({ compression: 'brotli' as any })).toThrow(
      /Invalid OTLP compression "brotli"/,
    );
    expect(() => new OtlpMetricsBackend({ compression: 'gzip' })).not.toThrow();
  });

  it('exports the collector it reads, whichever way the values were recorded', async () => {
    const memory = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const collector = new MetricsCollector();
    const backend = new OtlpMetricsBackend({ exporter: memory, exportInterval: 3600, collector });
    await backend.initialize();
    collector.createCounter('direct_total').increment(4, { via: 'instrument' });
    collector.histogram('named', 0.25);
    backend.recordMetric('recorded', 9, 'gauge');
    await backend.forceFlush();
    const metrics = memory
      .getMetrics()
      .at(-1)!
      .scopeMetrics.flatMap((s) => s.metrics);
    expect(metrics.map((m) => [m.descriptor.name, (m.dataPoints[0] as any).value])).toEqual([
      ['direct_total', 4],
      ['named', expect.objectContaining({ count: 1, sum: 0.25 })],
      ['recorded', 9],
    ]);
    expect(backend.collector).toBe(collector);
    await backend.shutdown();
  });

  it('batch_size caps the data points of one export request', async () => {
    const memory = new InMemoryMetricExporter(AggregationTemporality.CUMULATIVE);
    const backend = new OtlpMetricsBackend({
      exporter: memory,
      batchSize: 2,
      exportInterval: 3600,
    });
    await backend.initialize();
    for (const q of ['a', 'b', 'c', 'd', 'e']) backend.recordMetric('jobs', 1, 'counter', { q });
    backend.recordMetric('depth', 7, 'gauge');
    await backend.forceFlush();
    const requests = memory.getMetrics();
    const points = requests.map((r) =>
      r.scopeMetrics.flatMap((s) => s.metrics).reduce((n, m) => n + m.dataPoints.length, 0),
    );
    expect(points).toEqual([2, 2, 2]);
    const names = requests.flatMap((r) =>
      r.scopeMetrics.flatMap((s) => s.metrics.map((m) => m.descriptor.name)),
    );
    expect(names).toEqual(['jobs', 'jobs', 'jobs', 'depth']);
    await backend.shutdown();
  });

  it('a failed batch fails the export and stops the rest', async () => {
    const sent: number[] = [];
    const failing: PushMetricExporter = {
      export: (m, done) => {
        sent.push(m.scopeMetrics[0].metrics[0].dataPoints.length);
        done(sent.length === 1 ? { code: 1, error: new Error('503') } : { code: 0 });
      },
      forceFlush: async () => {},
      shutdown: async () => {},
    };
    const batching = new BatchingMetricExporter(failing, 1);
    const metrics = {
      resource: {} as never,
      scopeMetrics: [
        {
          scope: { name: 's' },
          metrics: [{ descriptor: { name: 'x' }, dataPoints: [{}, {}, {}] } as never],
        },
      ],
    };
    const result = await new Promise<{ code: number; error?: Error }>((resolve) =>
      batching.export(metrics, resolve),
    );
    expect(result.code).toBe(1);
    expect(result.error?.message).toBe('503');
    expect(sent).toEqual([1]);
    expect(() => new BatchingMetricExporter(failing, 0)).toThrow(
      /batch_size must be an integer >= 1/,
    );
  });
});

describe('BufferedMetricRecorder', () => {
  function target() {
    const calls: Array<[string, number, unknown]> = [];
    return {
      calls,
      counter: (value: number, labels?: unknown) => void calls.push(['counter', value, labels]),
      histogram: async (value: number, labels?: unknown) =>
        void calls.push(['histogram', value, labels]),
      broken: () => {
        throw new Error('down');
      },
    };
  }

  it('buffers until flush(), which returns the count delivered', async () => {
    const backend = target();
    const recorder = new BufferedMetricRecorder(backend);
    recorder.record('counter', 1, { a: 'x' });
    recorder.record('histogram', 0.5);
    expect(recorder.size).toBe(2);
    expect(backend.calls).toEqual([]);
    expect(await recorder.flush()).toBe(2);
    expect(backend.calls).toEqual([
      ['counter', 1, { a: 'x' }],
      ['histogram', 0.5, undefined],
    ]);
    expect(await recorder.flush()).toBe(0);
  });

  it('rejects a name that is not a backend method', () => {
    const recorder = new BufferedMetricRecorder(target());
    expect(() => recorder.record('nope', 1)).toThrow(HeraldValueError);
    expect(() => recorder.record('nope', 1)).toThrow(/no method "nope"/);
  });

  it('schedules an immediate flush when max_buffer_size is reached', async () => {
    const backend = target();
    const recorder = new BufferedMetricRecorder(backend, { maxBufferSize: 3 });
    recorder.record('counter', 1);
    recorder.record('counter', 2);
    await new Promise((r) => setImmediate(r));
    expect(backend.calls).toHaveLength(0);
    recorder.record('counter', 3);
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    expect(backend.calls.map((c) => c[1])).toEqual([1, 2, 3]);
  });

  it('start() flushes periodically; stop() flushes what is left; failures are logged', async () => {
    const backend = target();
    const warn = jest.fn();
    const recorder = new BufferedMetricRecorder(backend, { flushIntervalMs: 20, logger: { warn } });
    recorder.start();
    expect(recorder.running).toBe(true);
    recorder.record('counter', 1);
    await new Promise((r) => setTimeout(r, 80));
    expect(backend.calls).toHaveLength(1);
    recorder.record('broken', 1);
    recorder.record('counter', 2);
    expect(await recorder.stop()).toBe(1);
    expect(recorder.running).toBe(false);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('down'));
    expect(backend.calls.map((c) => c[1])).toEqual([1, 2]);
  });
});
