import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashSync } from 'bcryptjs';
import { AlertmanagerAlertDispatcher, SLOMonitor, SLOTier } from '@herald/monitor';

const ALERTMANAGER = 'prometheus-alertmanager';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Alertmanager exited: ${log()}`);
    try {
      if ((await fetch(`${url}/-/ready`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Alertmanager not ready at ${url}: ${log()}`);
}

describe('alert dispatch to a real Prometheus Alertmanager', () => {
  let dir: string;
  let child: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herald-am-'));
    writeFileSync(
      join(dir, 'alertmanager.yml'),
      [
        'route:',
        '  receiver: blackhole',
        '  group_by: [alertname]',
        'receivers:',
        '  - name: blackhole',
        '',
      ].join('\n'),
    );
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    child = spawn(
      ALERTMANAGER,
      [
        `--config.file=${join(dir, 'alertmanager.yml')}`,
        `--storage.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    await waitReady(url, child, () => output);
  }, 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('an SLO violation dispatched by SLOMonitor can be read back from /api/v2/alerts', async () => {
    const monitor = new SLOMonitor({
      alertDispatcher: new AlertmanagerAlertDispatcher({
        url,
        labels: { service: 'herald-e2e' },
        generatorUrl: 'http://herald.test/slos',
      }),
    });
    monitor.register({
      name: 'checkout-latency',
      metric: 'checkout.latency',
      percentile: 0.99,
      thresholdMs: 250,
      windowMs: 60_000,
      tier: SLOTier.P0_PAGE,
      owner: 'payments',
      runbookUrl: 'https://runbooks.example.com/checkout',
    });
    for (let i = 0; i < 50; i++) monitor.recordSample('checkout.latency', 800);
    const [violation] = await monitor.evaluateAndDispatch();
    expect(violation.burnRate).toBeCloseTo(3.2);

    const res = await fetch(`${url}/api/v2/alerts?filter=alertname%3D%22checkout-latency%22`);
    expect(res.status).toBe(200);
    const alerts = (await res.json()) as Array<Record<string, any>>;
    expect(alerts).toHaveLength(1);
    const [alert] = alerts;
    expect(alert.labels).toEqual({
      alertname: 'checkout-latency',
      severity: 'critical',
      tier: 'p0_page',
      owner: 'payments',
      slo: 'checkout-latency',
      metric: 'checkout.latency',
      service: 'herald-e2e',
    });
    expect(alert.annotations).toEqual({
      summary: 'SLO checkout-latency violated',
      message: violation.message,
      runbook_url: 'https://runbooks.example.com/checkout',
    });
    expect(alert.generatorURL).toBe('http://herald.test/slos');
    expect(alert.status.state).toBe('active');
  });

  it("a refused alert surfaces Alertmanager's own error", async () => {
    const dispatcher = new AlertmanagerAlertDispatcher({ url, labels: { '0bad': 'x' } });
    await expect(dispatcher.sendAlert('bad label', 'm', 'low')).rejects.toThrow(
      /refused alert "bad label": HTTP 400/,
    );
  });
});

describe('an Alertmanager behind basic auth (--web.config.file)', () => {
  const PLANT = 'S3CRETplant';
  let dir: string;
  let child: ChildProcess;
  let port: number;
  let output = '';
  const authHeader = `Basic ${Buffer.from(`herald:${PLANT}`).toString('base64')}`;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herald-am-auth-'));
    writeFileSync(
      join(dir, 'alertmanager.yml'),
      ['route:', '  receiver: blackhole', 'receivers:', '  - name: blackhole', ''].join('\n'),
    );
    writeFileSync(
      join(dir, 'web.yml'),
      ['basic_auth_users:', `  herald: ${JSON.stringify(hashSync(PLANT, 4))}`, ''].join('\n'),
    );
    port = await freePort();
    child = spawn(
      ALERTMANAGER,
      [
        `--config.file=${join(dir, 'alertmanager.yml')}`,
        `--web.config.file=${join(dir, 'web.yml')}`,
        `--storage.path=${join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${port}`,
        '--cluster.listen-address=',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 20_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`Alertmanager exited: ${output}`);
      const ready = await fetch(`http://127.0.0.1:${port}/-/ready`, {
        headers: { authorization: authHeader },
      }).catch(() => undefined);
      if (ready?.ok) break;
      if (Date.now() > deadline) throw new Error(`Alertmanager not ready: ${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 30_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  const alertsNamed = async (name: string) => {
    const res = await fetch(
      `http://127.0.0.1:${port}/api/v2/alerts?filter=alertname%3D%22${name}%22`,
      { headers: { authorization: authHeader } },
    );
    return (await res.json()) as unknown[];
  };

  it('user:password@ in the URL is sent as basic auth and the alert arrives', async () => {
    await new AlertmanagerAlertDispatcher({
      url: `http://herald:${PLANT}@127.0.0.1:${port}`,
    }).sendAlert('url-credentials', 'm', 'high');
    expect(await alertsNamed('url-credentials')).toHaveLength(1);
  });

  it('username/password settings are sent as basic auth and the alert arrives', async () => {
    await new AlertmanagerAlertDispatcher({
      url: `http://127.0.0.1:${port}`,
      username: 'herald',
      password: PLANT,
    }).sendAlert('setting-credentials', 'm', 'high');
    expect(await alertsNamed('setting-credentials')).toHaveLength(1);
  });

  it('a wrong password is refused (401) with an error that holds neither password', async () => {
    const error = await new AlertmanagerAlertDispatcher({
      url: `http://herald:${PLANT}-wrong@127.0.0.1:${port}`,
    })
      .sendAlert('wrong-password', 'm', 'high')
      .catch((e: Error) => e);
    expect((error as Error).message).toMatch(/HTTP 401.*check the Alertmanager credentials/s);
    expect(`${(error as Error).message}${(error as Error).stack}`).not.toContain(PLANT);
  });
});
