import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { Counter } from './counter.js';
import { Gauge } from './gauge.js';
import { Histogram } from './histogram.js';
import { ObservationWindow } from './observation-window.js';
import { Summary } from './summary.js';

describe('Counter', () => {
  it('increments, aliases record/inc, and sums over series without labels', () => {
    const c = new Counter('jobs_total', 'Jobs');
    c.increment();
    c.record(2);
    c.inc(3, { queue: 'mail' });
    expect(c.getCount()).toBe(6);
    expect(c.getCount({ queue: 'mail' })).toBe(3);
    expect(c.getCount({ queue: 'sms' })).toBe(0);
    expect(c.name).toBe('jobs_total');
    expect(c.description).toBe('Jobs');
  });

  it('label-less increments (the fast path) reach every reader and the exposition', () => {
    const m = new MetricsCollector();
    const c = m.createCounter('plain_total', 'Plain');
    c.increment();
    c.inc(2);
    c.increment(0.5);
    expect(c.getCount()).toBe(3.5);
    c.inc(1, { queue: 'mail' });
    // the empty label set is the label-less series, whichever path wrote it
    c.inc(1, { queue: '' });
    c.increment();
    expect(c.getCount({ queue: '' })).toBe(5.5);
    expect(c.getCount({ queue: 'mail' })).toBe(1);
    expect(c.getCount()).toBe(6.5);
    const text = m.metricsText();
    expect(text).toContain('plain_total 5.5');
    expect(text).toContain('plain_total{queue="mail"} 1');
    const seen: number[] = [];
    m.setRecordSink((_name, value) => seen.push(value));
    c.inc(4);
    expect(seen).toEqual([4]);
    expect(c.getCount({ queue: '' })).toBe(9.5);
    expect(() => c.inc(-1)).toThrow(/cannot decrease/);
    c.reset();
    expect(c.getCount()).toBe(0);
    c.inc();
    expect(c.getCount()).toBe(1);
  });

  it('resolves a bound child once and shares the series', () => {
    const c = new Counter('hits_total');
    const child = c.labels({ route: '/a', method: 'GET' });
    child.inc();
    child.increment(2);
    c.increment(1, { method: 'GET', route: '/a' });
    expect(child.get()).toBe(4);
    expect(c.seriesCount).toBe(1);
  });

  it('rejects negative, NaN, infinite and non-number amounts', () => {
    const c = new Counter('x_total');
    expect(() => c.increment(-1)).toThrow(InvalidMetricError);
    expect(() => c.increment(-1)).toThrow(/cannot decrease/);
    expect(() => c.increment(NaN)).toThrow(InvalidMetricError);
    expect(() => c.increment(Infinity)).toThrow(InvalidMetricError);
    expect(() => c.increment('1' as unknown as number)).toThrow(InvalidMetricError);
    expect(c.getCount()).toBe(0);
  });

  it('rejects bad metric and label names per the Prometheus data model', () => {
    expect(() => new Counter('1abc')).toThrow(InvalidMetricError);
    expect(() => new Counter('a.b')).toThrow(/Invalid metric name "a.b"/);
    expect(() => new Counter('')).toThrow(InvalidMetricError);
    expect(() => new Counter('ok', '', { 'bad-label': 'x' })).toThrow(/Invalid label name/);
    const c = new Counter('ok_total');
    expect(() => c.increment(1, { __reserved: 'x' })).toThrow(InvalidMetricError);
    expect(() => c.increment(1, { '9x': 'x' })).toThrow(InvalidMetricError);
  });

  it('fixes label names on first use: omitted is "", unknown is an error', () => {
    const c = new Counter('req_total');
    c.increment(1, { method: 'GET', status: '200' });
    c.increment(1, { method: 'GET' });
    expect(c.getCount({ method: 'GET', status: '' })).toBe(1);
    expect(() => c.increment(1, { path: '/x' })).toThrow(/Unknown label "path"/);
    expect(c.labelNames).toEqual(['method', 'status']);
  });

  it('reset() zeroes every series', () => {
    const c = new Counter('r_total');
    c.increment(5, { a: 'x' });
    c.reset();
    expect(c.getCount()).toBe(0);
    expect(c.getCount({ a: 'x' })).toBe(0);
  });
});

describe('Gauge', () => {
  it('sets, increments and decrements; getValue() reads the series written last', () => {
    const g = new Gauge('queue_depth');
    g.set(10);
    g.increment();
    g.decrement(3);
    expect(g.getValue()).toBe(8);
    g.set(2, { queue: 'sms' });
    expect(g.getValue()).toBe(2);
    expect(g.getValue({ queue: 'sms' })).toBe(2);
    g.record(-4);
    expect(g.getValue()).toBe(-4);
    const child = g.labels({ queue: 'sms' });
    child.inc(3);
    child.dec();
    child.set(child.get() + 1);
    expect(g.getValue({ queue: 'sms' })).toBe(5);
  });

  it('rejects NaN and non-numbers; reset() zeroes', () => {
    const g = new Gauge('g');
    expect(() => g.set(NaN)).toThrow(InvalidMetricError);
    expect(() => g.increment(undefined as unknown as number)).not.toThrow();
    expect(() => g.set('3' as unknown as number)).toThrow(InvalidMetricError);
    g.set(4);
    g.reset();
    expect(g.getValue()).toBe(0);
  });
});

describe('Histogram', () => {
  it('counts cumulative buckets ending at Infinity, per series and in total', () => {
    const h = new Histogram('latency_seconds', 'Latency', undefined, [1, 0.1, 0.5]);
    expect(h.buckets).toEqual([0.1, 0.5, 1]);
    for (const v of [0.05, 0.1, 0.3, 0.7, 2]) h.observe(v);
    h.record(0.2, { route: '/a' });
    expect([...h.getBucketCounts().entries()]).toEqual([
      [0.1, 2],
      [0.5, 4],
      [1, 5],
      [Infinity, 6],
    ]);
    expect(h.getBucketCounts({ route: '/a' }).get(0.5)).toBe(1);
    expect(h.getBucketCounts({ route: '/a' }).get(0.1)).toBe(0);
    expect(h.getObservations()).toEqual([0.05, 0.1, 0.3, 0.7, 2, 0.2]);
    expect(h.getObservations({ route: '/a' })).toEqual([0.2]);
    expect(h.getSampleCount()).toBe(6);
    expect(h.getSampleSum()).toBeCloseTo(3.35);
  });

  it('uses the default buckets and rejects NaN, bad buckets and the reserved "le" label', () => {
    expect(new Histogram('h').buckets).toEqual([
      0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
    ]);
    const h = new Histogram('h2');
    expect(() => h.observe(NaN)).toThrow(InvalidMetricError);
    expect(() => new Histogram('h3', '', undefined, [1, NaN])).toThrow(/Invalid bucket/);
    expect(() => h.observe(1, { le: '1' })).toThrow(/reserved/);
  });

  it('keeps exact count/sum but a bounded window of raw observations', () => {
    const h = new Histogram('w', '', undefined, [10], { maxObservations: 5 });
    for (let i = 1; i <= 12; i++) h.observe(i);
    expect(h.getObservations()).toEqual([8, 9, 10, 11, 12]);
    expect(h.getSampleCount()).toBe(12);
    expect(h.getBucketCounts().get(10)).toBe(10);
    expect(h.getBucketCounts().get(Infinity)).toBe(12);
    h.reset();
    expect(h.getObservations()).toEqual([]);
    expect(h.getBucketCounts().get(Infinity)).toBe(0);
  });

  it('bound child observes into its series', () => {
    const h = new Histogram('b', '', undefined, [1]);
    const child = h.labels({ op: 'read' });
    child.observe(0.5);
    child.observe(3);
    expect(h.getObservations({ op: 'read' })).toEqual([0.5, 3]);
  });
});

describe('Summary', () => {
  it('observes, keeps a bounded window and computes quantiles over it', () => {
    const s = new Summary('size_bytes', 'Sizes', undefined, { maxObservations: 100 });
    for (let i = 1; i <= 200; i++) s.observe(i);
    s.record(1000, { kind: 'big' });
    expect(s.getObservations({ kind: 'big' })).toEqual([1000]);
    expect(s.getObservations().length).toBe(101);
    expect(s.getSampleCount()).toBe(201);
    const q = new Map(s.quantilesAt(0));
    expect(q.get(0.5)).toBe(150);
    expect(q.get(0.99)).toBe(199);
    s.reset();
    expect(s.getObservations()).toEqual([]);
    expect(() => s.observe(NaN)).toThrow(InvalidMetricError);
    expect(() => new Summary('s2', '', undefined, { percentiles: [1.5] })).toThrow(/percentile/);
    expect(() => new Summary('s3').observe(1, { quantile: '1' })).toThrow(/reserved/);
  });
});

describe('ObservationWindow', () => {
  it('grows up to its capacity then overwrites the oldest', () => {
    const w = new ObservationWindow(20);
    for (let i = 0; i < 50; i++) w.push(i);
    expect(w.length).toBe(20);
    expect(w.toArray()).toEqual(Array.from({ length: 20 }, (_, i) => i + 30));
    const none = new ObservationWindow(0);
    none.push(1);
    expect(none.toArray()).toEqual([]);
  });
});
