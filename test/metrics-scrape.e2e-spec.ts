import type { INestApplication } from '@nestjs/common';
import { HeraldConfig, loadHeraldConfig } from '@herald/contracts';
import { startDemoApp } from './helpers/demo-app.js';
import { startPrometheus, type PrometheusServer } from './helpers/prometheus-server.js';
import { promtoolCheckMetrics } from './helpers/promtool.js';
import { waitFor } from './helpers/wait-for.js';

const TOKEN = 'scrape-secret-e2e';

describe('demo /metrics with real Prometheus tooling', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    ({ app, url } = await startDemoApp((builder) =>
      builder.overrideProvider(HeraldConfig).useValue(
        loadHeraldConfig({
          env: {},
          overrides: { monitor: { prometheus: { auth_token: TOKEN } } },
        }),
      ),
    ));
    await fetch(`${url}/config`);
    await fetch(`${url}/config?x=1`);
    await fetch(`${url}/no-such-page`);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('links "Metrics" from the home page', async () => {
    const home = await (await fetch(`${url}/`)).text();
    expect(home).toMatch(/<a href="\/metrics">Metrics<\/a>/);
  });

  it('answers 401 without or with a wrong bearer token', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    const wrong = await fetch(`${url}/metrics`, { headers: { Authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('serves request and runtime metrics that promtool accepts', async () => {
    const res = await fetch(`${url}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const body = await res.text();
    expect(body).toMatch(/http_requests_total\{method="GET",route="\/config",status="200"\} 2\n/);
    expect(body).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1\n/);
    expect(body).not.toContain('route="/config?x=1"');
    expect(body).toContain('http_request_duration_seconds_bucket{method="GET",route="/config"');
    expect(body).toContain('# TYPE http_requests_active gauge');
    expect(body).toContain('process_cpu_user_seconds_total');
    expect(body).toContain('nodejs_heap_size_used_bytes');
    expect(promtoolCheckMetrics(body)).toEqual({ status: 0, out: '' });
  });

  it('answers OpenMetrics when the Accept header asks for it', async () => {
    const res = await fetch(`${url}/metrics`, {
      headers: {
        Authorization: `Bearer ${TOKEN}`,
        Accept: 'application/openmetrics-text;version=1.0.0,text/plain;version=0.0.4;q=0.5',
      },
    });
    expect(res.headers.get('content-type')).toMatch(
      /^application\/openmetrics-text; version=1.0.0/,
    );
    const body = await res.text();
    expect(body).toContain('# TYPE http_requests counter');
    expect(body.endsWith('# EOF\n')).toBe(true);
    expect(body.match(/# EOF/g)).toHaveLength(1);
  });

  describe('scraped by a real Prometheus server', () => {
    let prometheus: PrometheusServer;

    beforeAll(async () => {
      prometheus = await startPrometheus({
        job: 'herald-demo',
        target: new URL(url).host,
        bearerToken: TOKEN,
      });
    });
    afterAll(() => prometheus?.stop());

    const query = (expr: string) => prometheus.query(expr);

    it('scrapes the demo with the bearer token and answers a query for a series', async () => {
      const up = await waitFor(() => query('up{job="herald-demo"} == 1'), 40_000).catch((e) => {
        throw new Error(
          `${(e as Error).message}\nprometheus logs:\n${prometheus.logs().slice(-3000)}`,
        );
      });
      expect(up[0].value[1]).toBe('1');
      const series = await waitFor(
        () => query('http_requests_total{job="herald-demo",route="/config",status="200"}'),
        10_000,
      );
      expect(series[0].metric).toMatchObject({ method: 'GET', route: '/config', status: '200' });
      expect(Number(series[0].value[1])).toBeGreaterThanOrEqual(2);
    }, 60_000);
  });
});
