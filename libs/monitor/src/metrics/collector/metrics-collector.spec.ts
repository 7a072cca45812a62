import { HeraldValueError } from '../../errors/herald-value.error.js';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { Counter } from '../instruments/counter.js';
import { Histogram } from '../instruments/histogram.js';
import { MetricProxy } from './metric-proxy.js';
import { MetricsCollector } from './metrics-collector.js';
import { NoopMetricsCollector } from '@herald/observability';

describe('MetricsCollector', () => {
  it('creates each instrument type, returns the same one by name, and finds it', () => {
    const m = new MetricsCollector();
    const c = m.createCounter('jobs_total', 'Jobs');
    expect(m.createCounter('jobs_total')).toBe(c);
    const g = m.createGauge('depth');
    const h = m.createHistogram('lat', '', undefined, [1, 2]);
    const s = m.createSummary('size');
    expect(m.getMetric('jobs_total')).toBe(c);
    expect(m.getMetric('missing')).toBeUndefined();
    expect(m.getAllMetrics()).toEqual([c, g, h, s]);
    expect(h.buckets).toEqual([1, 2]);
    expect(() => m.createGauge('jobs_total')).toThrow(InvalidMetricError);
    m.clear();
    expect(m.getAllMetrics()).toEqual([]);
  });

  it('applies the prefix once, sanitises free-form names, default labels and buckets', () => {
    const m = new MetricsCollector({
      prefix: 'shop',
      defaultLabels: { region: 'eu' },
      histogramBuckets: [0.5, 5],
    });
    expect(m.makeMetricName('orders.placed')).toBe('shop_orders_placed');
    expect(m.makeMetricName('shop_orders')).toBe('shop_orders');
    m.increment('orders.placed', 2, { channel: 'web' });
    const c = m.getMetric('orders.placed') as Counter;
    expect(c.name).toBe('shop_orders_placed');
    expect(c.constLabels).toEqual({ region: 'eu' });
    expect(c.getCount({ channel: 'web' })).toBe(2);
    m.histogram('latency', 0.7);
    expect((m.getMetric('latency') as Histogram).buckets).toEqual([0.5, 5]);
    m.gauge('depth', 3);
    expect(m.metricsText()).toContain('shop_orders_placed_total{region="eu",channel="web"} 2');
    expect(m.makeMetricName('BillingService.chargeCard.duration')).toBe(
      'shop_billing_service_charge_card_duration',
    );
    expect(new MetricsCollector({ prefix: 'app_' }).makeMetricName('x')).toBe('app_x');
  });

  it('registerMetric accepts an instrument once and refuses another under the same name', () => {
    const m = new MetricsCollector();
    const c = new Counter('ext_total');
    m.registerMetric(c);
    m.registerMetric(c);
    expect(m.getMetric('ext_total')).toBe(c);
    expect(() => m.registerMetric(new Counter('ext_total'))).toThrow(/already registered/);
  });

  it('uses maxObservations for histogram windows', () => {
    const m = new MetricsCollector({ maxObservations: 3 });
    for (let i = 0; i < 10; i++) m.histogram('h', i);
    expect((m.getMetric('h') as Histogram).getObservations()).toEqual([7, 8, 9]);
  });

  it('name-based calls land in the instruments and feed the record sink', () => {
    const m = new MetricsCollector();
    const seen: Array<[string, number]> = [];
    m.setRecordSink((name, value) => seen.push([name, value]));
    m.increment('a.b', 2, { k: 'v' });
    m.gauge('g', 5);
    m.histogram('h', 0.1);
    m.createCounter('a.b').increment(3, { k: 'v' });
    expect((m.getMetric('a_b') as Counter).getCount({ k: 'v' })).toBe(5);
    expect(seen).toEqual([
      ['a_b', 2],
      ['g', 5],
      ['h', 0.1],
      ['a_b', 3],
    ]);
    m.setRecordSink(null);
    m.increment('a.b');
    expect(seen).toHaveLength(4);
  });

  it('recordByType records by backend metric type and refuses another type', () => {
    const m = new MetricsCollector();
    m.recordByType('c', 2, 'counter');
    m.recordByType('g', 3, 'gauge');
    m.recordByType('h', 0.5, 'histogram');
    expect(m.getAllMetrics().map((x) => (x as Counter).type)).toEqual([
      'counter',
      'gauge',
      'histogram',
    ]);
    expect(() => m.recordByType('s', 1, 'summary' as never)).toThrow(HeraldValueError);
  });
});

describe('MetricProxy', () => {
  it('records through the collector and tracks its value locally', () => {
    const m = new MetricsCollector();
    const counter = new MetricProxy('sent', m, 'counter');
    counter.increment();
    counter.record(2);
    expect(counter.value).toBe(3);
    expect((m.getMetric('sent') as Counter).getCount()).toBe(3);
    const hist = new MetricProxy('dur', m, 'histogram');
    hist.record(0.4);
    expect(hist.value).toBe(0.4);
    expect((m.getMetric('dur') as Histogram).getObservations()).toEqual([0.4]);
    const gauge = new MetricProxy('depth', m, 'gauge');
    gauge.record(4);
    gauge.increment(2);
    expect(gauge.value).toBe(6);
  });

  it('works on the no-op collector', () => {
    const proxy = new MetricProxy('x', new NoopMetricsCollector(), 'counter');
    proxy.increment(5);
    expect(proxy.value).toBe(5);
  });
});
