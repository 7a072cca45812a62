import type {
  RecordedSpanProtocol,
  SpanProtocol,
  StartSpanOptions,
  TracerProtocol,
} from '@herald/contracts';
import { MetricsCollector } from './metrics/collector/metrics-collector.js';
import { Counter } from './metrics/instruments/counter.js';
import type { Histogram } from './metrics/instruments/histogram.js';
import { ObservabilityService } from './observability.service.js';

/** A tracer that records what it is asked, over the no-op spans' shape. */
class RecordingTracer implements TracerProtocol {
  started: Array<{ name: string; options?: StartSpanOptions }> = [];
  current: SpanProtocol | undefined;
  spans: Array<{ ended: boolean; status?: unknown; exceptions: unknown[] }> = [];

  startSpan(name: string, options?: StartSpanOptions): SpanProtocol {
    this.started.push({ name, options });
    const state = { ended: false, status: undefined as unknown, exceptions: [] as unknown[] };
    this.spans.push(state);
    const span: any = {
      name,
      end: () => (state.ended = true),
      setStatus: (s: unknown) => ((state.status = s), span),
      recordException: (e: unknown) => (state.exceptions.push(e), span),
    };
    return span;
  }

  withSpan<T>(span: SpanProtocol, fn: () => T): T {
    this.current = span;
    try {
      return fn();
    } finally {
      this.current = undefined;
    }
  }

  getCurrentSpan(): SpanProtocol | undefined {
    return this.current;
  }
  injectContext(carrier: Record<string, string>): Record<string, string> {
    return carrier;
  }
  extractContext(): undefined {
    return undefined;
  }
  getAllSpans(): RecordedSpanProtocol[] {
    return [];
  }
  async flush(): Promise<void> {}
}

describe('ObservabilityService', () => {
  it('trace() runs fn in a span with the attributes and ends it (sync and async)', async () => {
    const tracer = new RecordingTracer();
    const service = new ObservabilityService(tracer, new MetricsCollector());
    expect(
      service.trace('load', { id: 1 }, (span) => (tracer.current === span ? 'in' : 'out')),
    ).toBe('in');
    expect(tracer.started[0]).toEqual({ name: 'load', options: { attributes: { id: 1 } } });
    expect(tracer.spans[0].ended).toBe(true);
    await expect(service.trace('later', undefined, async () => 42)).resolves.toBe(42);
    expect(tracer.spans[1].ended).toBe(true);
  });

  it('trace() records a throw or rejection on the span and rethrows', async () => {
    const tracer = new RecordingTracer();
    const service = new ObservabilityService(tracer);
    const boom = new Error('boom');
    expect(() =>
      service.trace('x', {}, () => {
        throw boom;
      }),
    ).toThrow(boom);
    await expect(service.trace('y', {}, async () => Promise.reject(boom))).rejects.toBe(boom);
    for (const span of tracer.spans) {
      expect(span).toEqual({
        ended: true,
        status: { code: 'error', message: 'boom' },
        exceptions: [boom],
      });
    }
  });

  it('without a tracer or meter it works on no-op stand-ins', () => {
    const service = new ObservabilityService();
    expect(service.trace('t', undefined, () => 5)).toBe(5);
    service.counter('c').increment();
    expect(service.counter('c').value).toBe(1);
  });

  it('registerMetric, counter and histogram go to the meter', () => {
    const meter = new MetricsCollector();
    const service = new ObservabilityService(undefined, meter);
    const own = new Counter('own_total');
    service.registerMetric(own);
    expect(meter.getMetric('own_total')).toBe(own);
    service.counter('sent').increment(2);
    expect(service.counter('sent').value).toBe(2);
    service.histogram('size').record(3);
    expect((meter.getMetric('size') as Histogram).getObservations()).toEqual([3]);
  });

  it('timed() records elapsed seconds, also on failure', async () => {
    const meter = new MetricsCollector();
    const service = new ObservabilityService(undefined, meter);
    expect(service.timed('work', () => 'done')).toBe('done');
    await expect(
      service.timed('io', () => new Promise((r) => setTimeout(() => r('ok'), 20))),
    ).resolves.toBe('ok');
    expect(() =>
      service.timed('work', () => {
        throw new Error('x');
      }),
    ).toThrow('x');
    const work = meter.getMetric('work') as Histogram;
    expect(work.getSampleCount()).toBe(2);
    const io = (meter.getMetric('io') as Histogram).getObservations()[0];
    expect(io).toBeGreaterThanOrEqual(0.015);
    expect(io).toBeLessThan(5);
  });
});
