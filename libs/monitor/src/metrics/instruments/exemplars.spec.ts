import { AlwaysOffSampler } from '@opentelemetry/sdk-trace-base';
import { Tracer } from '../../tracing/tracer.js';
import { activeSpanContext, sampledSpanContext } from '../../utils/active-span-context.util.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { renderMetrics } from '../exposition/render-exposition.js';
import { Counter } from './counter.js';
import { exemplarWindow } from './exemplar-window.util.js';
import { Histogram } from './histogram.js';

const EXEMPLAR = / # \{trace_id="([0-9a-f]{32})",span_id="([0-9a-f]{16})"\} (\S+) (\d+\.\d{3})$/;

describe('exemplars', () => {
  let tracer: Tracer;
  beforeEach(() => (tracer = new Tracer('exemplars')));
  afterEach(() => tracer.shutdown());

  it('finds the current span through the registered context manager, and none outside', async () => {
    expect(activeSpanContext()).toBeUndefined();
    const span = tracer.startSpan('outer');
    await tracer.withSpan(span, async () => {
      await new Promise((r) => setImmediate(r));
      expect(activeSpanContext()).toMatchObject({ traceId: span.traceId, spanId: span.spanId });
      expect(sampledSpanContext()?.traceId).toBe(span.traceId);
    });
    span.end();
    expect(activeSpanContext()).toBeUndefined();
  });

  it('keeps the last sampled span per counter series and per histogram bucket, in OpenMetrics only', () => {
    const m = new MetricsCollector({ exemplars: true });
    const jobs = m.createCounter('jobs_total', 'Jobs');
    const latency = m.createHistogram('latency_seconds', 'Latency', undefined, [0.1, 1]);
    jobs.increment(1, { queue: 'a' }); // outside any span: no exemplar
    exemplarWindow.current++; // the next window (a timer advances it every 100 ms)
    const span = tracer.startSpan('work');
    tracer.withSpan(span, () => {
      jobs.increment(2, { queue: 'a' });
      latency.observe(0.5);
    });
    span.end();
    jobs.increment(1, { queue: 'b' });

    const om = renderMetrics(m.getAllMetrics() as any, 'openmetrics').split('\n');
    const a = om.find((l) => l.startsWith('jobs_total{queue="a"}'))!;
    expect(a).toMatch(/^jobs_total\{queue="a"\} 3 # /);
    const [, traceId, spanId, value, ts] = EXEMPLAR.exec(a)!;
    expect([traceId, spanId, value]).toEqual([span.traceId, span.spanId, '2']);
    expect(Math.abs(Number(ts) * 1000 - Date.now())).toBeLessThan(60_000);
    expect(om.find((l) => l.startsWith('jobs_total{queue="b"}'))).toBe('jobs_total{queue="b"} 1');
    expect(om).toContain('latency_seconds_bucket{le="0.1"} 0');
    const bucket = om.find((l) => l.startsWith('latency_seconds_bucket{le="1"}'))!;
    expect(EXEMPLAR.exec(bucket)?.slice(1, 4)).toEqual([span.traceId, span.spanId, '0.5']);
    expect(om).toContain('latency_seconds_bucket{le="+Inf"} 1');

    const text = m.metricsText('prometheus');
    expect(text).not.toContain('#  {');
    expect(text).not.toContain('trace_id');
    expect(text).toContain('jobs_total{queue="a"} 3\n');
  });

  it('skips unsampled spans, is off by default, and can be turned on and off per instrument', () => {
    const unsampled = new Tracer('off', undefined, { sampler: new AlwaysOffSampler() });
    const counter = new Counter('c_total').enableExemplars();
    const plain = new Histogram('h_seconds');
    expect(plain.exemplarsEnabled).toBe(false);
    const dropped = unsampled.startSpan('dropped');
    unsampled.withSpan(dropped, () => counter.inc());
    expect(activeSpanContext()).toBeUndefined();
    const kept = tracer.startSpan('kept');
    tracer.withSpan(kept, () => plain.observe(1));
    expect(renderMetrics([counter, plain], 'openmetrics')).not.toContain('trace_id');
    exemplarWindow.current++;
    tracer.withSpan(kept, () => counter.inc());
    expect(renderMetrics([counter], 'openmetrics')).toContain(`trace_id="${kept.traceId}"`);
    counter.reset();
    counter.enableExemplars(false);
    tracer.withSpan(kept, () => counter.inc());
    expect(renderMetrics([counter], 'openmetrics')).not.toContain('trace_id');
    return unsampled.shutdown();
  });

  it('looks for the span once per window and series: the first value of a window decides', () => {
    const counter = new Counter('w_total').enableExemplars();
    const first = tracer.startSpan('first');
    const second = tracer.startSpan('second');
    exemplarWindow.current++;
    tracer.withSpan(first, () => counter.inc(1));
    tracer.withSpan(second, () => counter.inc(2)); // same window: not looked at
    expect(renderMetrics([counter], 'openmetrics')).toContain(`trace_id="${first.traceId}"`);
    exemplarWindow.current++;
    counter.inc(3); // no span: the window is spent, the exemplar stays
    tracer.withSpan(second, () => counter.inc(4));
    expect(renderMetrics([counter], 'openmetrics')).toContain(`trace_id="${first.traceId}"`);
    exemplarWindow.current++;
    tracer.withSpan(second, () => counter.inc(5));
    expect(renderMetrics([counter], 'openmetrics')).toMatch(
      new RegExp(
        `^w_total 15 # \\{trace_id="${second.traceId}",span_id="${second.spanId}"\\} 5 `,
        'm',
      ),
    );
    first.end();
    second.end();
  });
});
