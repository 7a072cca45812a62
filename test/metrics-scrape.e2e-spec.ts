import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { HeraldConfig, loadHeraldConfig } from '@herald/contracts';
import { startDemoApp } from './helpers/demo-app';

const TOKEN = 'scrape-secret-e2e';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`timed out waiting (${String(last ?? 'no result')})`);
}

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
    const check = spawnSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' });
    expect({ status: check.status, out: check.stdout + check.stderr }).toEqual({
      status: 0,
      out: '',
    });
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
    let prometheus: ChildProcess | undefined;
    let dir: string;
    let promUrl: string;
    let logs = '';

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'herald-prom-'));
      const port = await freePort();
      promUrl = `http://127.0.0.1:${port}`;
      const target = new URL(url).host;
      writeFileSync(
        join(dir, 'prometheus.yml'),
        [
          'global:',
          '  scrape_interval: 1s',
          'scrape_configs:',
          '  - job_name: herald-demo',
          '    scrape_interval: 1s',
          '    metrics_path: /metrics',
          '    authorization:',
          '      type: Bearer',
          `      credentials: ${TOKEN}`,
          '    static_configs:',
          `      - targets: ['${target}']`,
          '',
        ].join('\n'),
      );
      prometheus = spawn(
        'prometheus',
        [
          `--config.file=${join(dir, 'prometheus.yml')}`,
          `--storage.tsdb.path=${join(dir, 'data')}`,
          `--web.listen-address=127.0.0.1:${port}`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      prometheus.stdout!.on('data', (d) => (logs += d));
      prometheus.stderr!.on('data', (d) => (logs += d));
    });

    afterAll(async () => {
      if (prometheus && prometheus.exitCode === null) {
        const exited = new Promise((r) => prometheus!.once('exit', r));
        prometheus.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    });

    async function query(expr: string): Promise<any[] | undefined> {
      const res = await fetch(`${promUrl}/api/v1/query?query=${encodeURIComponent(expr)}`);
      if (!res.ok) return undefined;
      const json = (await res.json()) as { data: { result: any[] } };
      return json.data.result.length > 0 ? json.data.result : undefined;
    }

    it('scrapes the demo with the bearer token and answers a query for a series', async () => {
      const up = await waitFor(() => query('up{job="herald-demo"} == 1'), 40_000).catch((e) => {
        throw new Error(`${(e as Error).message}\nprometheus logs:\n${logs.slice(-3000)}`);
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
