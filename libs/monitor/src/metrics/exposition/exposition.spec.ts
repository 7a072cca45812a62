import { createServer, type Server } from 'node:http';
import { Registry, Counter as PromCounter } from 'prom-client';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { createMetricsMiddleware } from '../scrape/metrics.middleware.js';
import { createBearerCheck } from '../../utils/bearer-auth.util.js';
import { negotiateFormat, renderMetrics } from './render-exposition.js';
import { combineScrapeSources, createScrapeSource } from './scrape-source.js';

describe('exposition', () => {
  it('renders every instrument type in the Prometheus text format', () => {
    const m = new MetricsCollector();
    m.createCounter('jobs', 'Jobs done').increment(2, { queue: 'a"b\\c\nd' });
    m.createGauge('depth', 'Depth\nnow').set(-1.5);
    m.createHistogram('lat_seconds', 'Latency', undefined, [0.1, 1]).observe(0.5, { op: 'x' });
    m.createSummary('size', 'Sizes').observe(3);
    m.createCounter('unused_total');
    const text = m.metricsText();
    expect(text).toContain('# HELP jobs_total Jobs done\n# TYPE jobs_total counter\n');
    expect(text).toContain('jobs_total{queue="a\\"b\\\\c\\nd"} 2\n');
    expect(text).toContain('# HELP depth Depth\\nnow\n');
    expect(text).toContain('depth -1.5\n');
    expect(text).toContain('lat_seconds_bucket{op="x",le="0.1"} 0\n');
    expect(text).toContain('lat_seconds_bucket{op="x",le="1"} 1\n');
    expect(text).toContain('lat_seconds_bucket{op="x",le="+Inf"} 1\n');
    expect(text).toContain('lat_seconds_sum{op="x"} 0.5\nlat_seconds_count{op="x"} 1\n');
    expect(text).toContain('size{quantile="0.5"} 3\n');
    expect(text).toContain('size_count 1\n');
    expect(text).not.toContain('unused');
  });

  it('renders OpenMetrics counter families without _total', () => {
    const m = new MetricsCollector();
    m.createCounter('hits_total').increment();
    const text = renderMetrics(m.getAllMetrics() as any, 'openmetrics');
    expect(text).toContain('# TYPE hits counter\nhits_total 1\n');
  });

  it('negotiates the format from Accept', () => {
    expect(negotiateFormat(undefined)).toBe('prometheus');
    expect(negotiateFormat('text/plain;version=0.0.4')).toBe('prometheus');
    expect(negotiateFormat('application/openmetrics-text;version=1.0.0')).toBe('openmetrics');
  });

  it('adds a prom-client registry and ends OpenMetrics with one # EOF', async () => {
    const registry = new Registry();
    new PromCounter({ name: 'legacy_total', help: 'Legacy', registers: [registry] }).inc(4);
    const m = new MetricsCollector();
    m.increment('own');
    const source = createScrapeSource({ collector: m, registry });
    const text = await source.metrics('prometheus');
    expect(text).toContain('own_total 1');
    expect(text).toContain('legacy_total 4');
    const om = await combineScrapeSources(source, createScrapeSource({ collector: m })).metrics(
      'openmetrics',
    );
    expect(om).toContain('# TYPE legacy counter\nlegacy_total 4\n');
    expect(om.match(/# EOF/g)).toHaveLength(1);
    expect(om.endsWith('# EOF\n')).toBe(true);
  });
});

describe('createMetricsMiddleware on node:http', () => {
  let server: Server;
  let base: string;
  const collector = new MetricsCollector();
  collector.increment('served');

  beforeAll(async () => {
    const handler = createMetricsMiddleware({ collector, path: '/prom', authToken: 's3cret' });
    server = createServer((req, res) => handler(req, res));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('401 without or with a wrong token, 200 with the right one', async () => {
    expect((await fetch(`${base}/prom`)).status).toBe(401);
    expect(
      (await fetch(`${base}/prom`, { headers: { Authorization: 'Bearer s3cre' } })).status,
    ).toBe(401);
    const ok = await fetch(`${base}/prom?x=1`, { headers: { Authorization: 'Bearer s3cret' } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(await ok.text()).toContain('served_total 1');
  });

  it('answers OpenMetrics on request, 404 elsewhere without next()', async () => {
    const om = await fetch(`${base}/prom`, {
      headers: { Authorization: 'Bearer s3cret', Accept: 'application/openmetrics-text' },
    });
    expect(om.headers.get('content-type')).toMatch(/^application\/openmetrics-text/);
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/prom`, { method: 'POST' })).status).toBe(404);
  });

  it('passes other paths to next() when given', () => {
    const handler = createMetricsMiddleware({ collector });
    const next = jest.fn();
    handler({ url: '/other', method: 'GET', headers: {} } as any, {} as any, next);
    expect(next).toHaveBeenCalledTimes(1);
  });

  it('bearer check: open without a token, exact match otherwise', () => {
    expect(createBearerCheck(undefined)(undefined)).toBe(true);
    const check = createBearerCheck('abc');
    expect(check('Bearer abc')).toBe(true);
    expect(check('Bearer abcd')).toBe(false);
    expect(check('abc')).toBe(false);
    expect(check(undefined)).toBe(false);
    expect(check(['Bearer abc'])).toBe(true);
  });
});
