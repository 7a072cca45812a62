import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A real Prometheus server (the `prometheus` Debian package) scraping one target. */
export interface PrometheusServer {
  /** `http://127.0.0.1:<port>` of its HTTP API. */
  url: string;
  /** What it wrote to stdout and stderr so far (for failure messages). */
  logs(): string;
  /** Instant query; `undefined` while the result is empty or the server is not up. */
  query(expr: string): Promise<any[] | undefined>;
  stop(): Promise<void>;
}

/** Options of `startPrometheus`. */
export interface PrometheusOptions {
  /** `host:port` scraped every second. */
  target: string;
  job: string;
  metricsPath?: string;
  /** Bearer token sent with each scrape. */
  bearerToken?: string;
  /** Feature flags (`--enable-feature=`), e.g. `exemplar-storage`. */
  features?: string[];
}

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

/** Starts Prometheus on a free port with a private data directory; `stop()` removes both. */
export async function startPrometheus(options: PrometheusOptions): Promise<PrometheusServer> {
  const dir = mkdtempSync(join(tmpdir(), 'herald-prom-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  writeFileSync(
    join(dir, 'prometheus.yml'),
    [
      'global:',
      '  scrape_interval: 1s',
      'scrape_configs:',
      `  - job_name: ${options.job}`,
      '    scrape_interval: 1s',
      `    metrics_path: ${options.metricsPath ?? '/metrics'}`,
      ...(options.bearerToken
        ? ['    authorization:', '      type: Bearer', `      credentials: ${options.bearerToken}`]
        : []),
      '    static_configs:',
      `      - targets: ['${options.target}']`,
      '',
    ].join('\n'),
  );
  const args = [
    `--config.file=${join(dir, 'prometheus.yml')}`,
    `--storage.tsdb.path=${join(dir, 'data')}`,
    `--web.listen-address=127.0.0.1:${port}`,
  ];
  if (options.features?.length) args.push(`--enable-feature=${options.features.join(',')}`);
  const child: ChildProcess = spawn('prometheus', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let logs = '';
  child.stdout!.on('data', (d) => (logs += d));
  child.stderr!.on('data', (d) => (logs += d));
  return {
    url,
    logs: () => logs,
    async query(expr: string) {
      const res = await fetch(`${url}/api/v1/query?query=${encodeURIComponent(expr)}`);
      if (!res.ok) return undefined;
      const json = (await res.json()) as { data: { result: any[] } };
      return json.data.result.length > 0 ? json.data.result : undefined;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
