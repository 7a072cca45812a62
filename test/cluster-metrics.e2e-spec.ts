import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { promtoolCheckMetrics } from './helpers/promtool.js';

interface ClusterApp {
  child: ChildProcess;
  url: string;
  /** What the primary wrote (Nest's logger writes warnings to stdout). */
  logs: () => string;
}

/** Starts test/helpers/cluster-metrics-app.ts (a primary forking real cluster workers). */
function startClusterApp(env: Record<string, string>): Promise<ClusterApp> {
  const child = spawn(
    process.execPath,
    [
      '-r',
      join(__dirname, 'helpers', 'swc-register.js'),
      join(__dirname, 'helpers', 'cluster-metrics-app.ts'),
    ],
    { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let logs = '';
  child.stderr!.on('data', (chunk: Buffer) => (logs += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      logs += chunk.toString();
      const line = /\{"port":(\d+)\}/.exec(logs);
      if (line) {
        resolve({ child, url: `http://127.0.0.1:${line[1]}/metrics`, logs: () => logs });
      }
    });
    child.once('exit', (code) => reject(new Error(`cluster app exited with ${code}: ${logs}`)));
  });
}

async function stop(app: ClusterApp | undefined): Promise<void> {
  if (!app || app.child.exitCode !== null || app.child.signalCode !== null) return;
  const exited = new Promise((resolve) => app.child.once('exit', resolve));
  app.child.kill('SIGTERM');
  await exited;
}

function value(body: string, series: string): number {
  const line = body.split('\n').find((l) => l.startsWith(`${series} `));
  if (line === undefined) throw new Error(`no series ${series} in:\n${body}`);
  return Number(line.slice(series.length + 1).split(' ')[0]);
}

describe('one /metrics for node:cluster workers (2 real workers)', () => {
  jest.setTimeout(60_000);

  describe('every worker answers', () => {
    let app: ClusterApp | undefined;
    beforeAll(async () => (app = await startClusterApp({ CLUSTER_WORKERS: '2' })));
    afterAll(() => stop(app));

    it('sums counters, keeps gauges per worker or folds them by their mode, merges histograms and summaries', async () => {
      const res = await fetch(app!.url);
      expect(res.status).toBe(200);
      const body = await res.text();
      expect(value(body, 'orders_total{channel="web"}')).toBe(30);
      expect(value(body, 'worker_heap_bytes{worker="1"}')).toBe(1000);
      expect(value(body, 'worker_heap_bytes{worker="2"}')).toBe(2000);
      expect(value(body, 'queue_depth')).toBe(3);
      expect(value(body, 'oldest_job_seconds')).toBe(14);
      expect(value(body, 'checkout_seconds_bucket{step="pay",le="0.1"}')).toBe(2);
      expect(value(body, 'checkout_seconds_bucket{step="pay",le="1"}')).toBe(3);
      expect(value(body, 'checkout_seconds_bucket{step="pay",le="+Inf"}')).toBe(4);
      expect(value(body, 'checkout_seconds_count{step="pay"}')).toBe(4);
      expect(value(body, 'checkout_seconds_sum{step="pay"}')).toBeCloseTo(1.9);
      // 1..4 from worker 1 and 5..8 from worker 2: quantiles over all eight.
      expect(value(body, 'basket_items{quantile="0.5"}')).toBe(4);
      expect(value(body, 'basket_items{quantile="0.99"}')).toBe(8);
      expect(value(body, 'basket_items_count')).toBe(8);
      expect(value(body, 'basket_items_sum')).toBe(36);
      expect(value(body, 'herald_cluster_worker_up{worker="1"}')).toBe(1);
      expect(value(body, 'herald_cluster_worker_up{worker="2"}')).toBe(1);
      // Runtime metrics of both workers, merged by prom-client's aggregator.
      expect(body).toContain('# TYPE process_cpu_user_seconds_total counter');
      expect(body).toContain('nodejs_heap_size_used_bytes ');
      expect(promtoolCheckMetrics(body)).toEqual({ status: 0, out: '' });
    });

    it('answers OpenMetrics when asked', async () => {
      const res = await fetch(app!.url, { headers: { Accept: 'application/openmetrics-text' } });
      expect(res.headers.get('content-type')).toMatch(/^application\/openmetrics-text/);
      const body = await res.text();
      expect(body).toContain('# TYPE orders counter\norders_total{channel="web"} 30\n');
      expect(body.endsWith('# EOF\n')).toBe(true);
    });
  });

  describe('a worker that does not answer', () => {
    let app: ClusterApp | undefined;
    beforeAll(
      async () =>
        (app = await startClusterApp({
          CLUSTER_WORKERS: '2',
          CLUSTER_MUTE_WORKER: '1',
          CLUSTER_TIMEOUT_MS: '500',
        })),
    );
    afterAll(() => stop(app));

    it('is reported and left out; the scrape still answers with the others', async () => {
      const body = await (await fetch(app!.url)).text();
      expect(value(body, 'orders_total{channel="web"}')).toBe(30);
      expect(value(body, 'herald_cluster_worker_up{worker="1"}')).toBe(1);
      expect(value(body, 'herald_cluster_worker_up{worker="2"}')).toBe(1);
      expect(value(body, 'herald_cluster_worker_up{worker="3"}')).toBe(0);
      expect(app!.logs()).toContain(
        'cluster worker 3 did not answer within 500 ms; its metrics are left out of this scrape',
      );
    });
  });
});
