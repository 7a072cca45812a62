import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { demoUrl, spawnBuiltDemo, type BuiltDemo } from './helpers/built-demo.js';

/** Planted in every URL setting; no output, log line or response may contain it. */
const PLANT = 'S3CRETplant';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

/** A private redis-server that requires the planted password, so the test can stop it. */
async function startPasswordRedis(): Promise<{ port: number; stop(): Promise<void> }> {
  const port = await closedPort();
  const child = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  );
  // the password goes in through the config on stdin, not argv (ps would show it)
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`redis-server exited with ${code}`)));
  });
  const { default: Redis } = await import('ioredis');
  const admin = new Redis({ port, host: '127.0.0.1', lazyConnect: true });
  await admin.connect();
  await admin.config('SET', 'requirepass', PLANT);
  admin.disconnect();
  return {
    port,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited(child);
    },
  };
}

async function waitExit(demo: BuiltDemo, ms = 30_000): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    demo.exited(),
    new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no exit within ${ms} ms:\n${demo.stdout()}${demo.stderr()}`)),
        ms,
      );
    }),
  ]).finally(() => clearTimeout(timer));
}

const base = { DEMO_DATABASE_URL: 'sqlite::memory:', DEMO_SEED_INBOX: 'false', FORCE_COLOR: '0' };

describe('the built demo prints no URL credential (run "npm run build" first)', () => {
  const START_FAILURES: Array<{ name: string; env: Record<string, string>; expected: string }> = [
    {
      name: 'DEMO_REDIS_URL without a scheme',
      env: { DEMO_REDIS_URL: `:${PLANT}@127.0.0.1:6379` },
      expected: 'DEMO_REDIS_URL: must be a redis:// or rediss:// URL',
    },
    {
      name: 'DEMO_REDIS_URL with a space in the password',
      env: { DEMO_REDIS_URL: `redis://:${PLANT} x@127.0.0.1:6379` },
      expected: 'DEMO_REDIS_URL: must be a redis:// or rediss:// URL',
    },
    {
      name: 'DEMO_REDIS_URL as a JSON list',
      env: { DEMO_REDIS_URL: JSON.stringify([`redis://:${PLANT}@127.0.0.1:6379`]) },
      expected: 'DEMO_REDIS_URL: must be a redis:// or rediss:// URL',
    },
    {
      name: 'the BullMQ redis_url without a scheme',
      env: { HERALD_NOTIFICATION__DELIVERY__REDIS_URL: `user:${PLANT}@127.0.0.1:6379` },
      expected: 'notification.delivery.redis_url: must be a redis:// or rediss:// URL',
    },
    {
      name: 'a malformed Alertmanager URL',
      env: { HERALD_MONITOR__SLO__ALERTMANAGER_URL: `http://am:${PLANT} x@127.0.0.1:9093` },
      expected: 'monitor.slo.alertmanager_url: must be an http:// or https:// URL',
    },
    {
      name: 'a Pushgateway URL with a typo in the scheme',
      env: { HERALD_MONITOR__PROMETHEUS__PUSHGATEWAY_URL: `https//gw:${PLANT}@127.0.0.1:9091` },
      expected: 'monitor.prometheus.pushgateway_url: must be an http:// or https:// URL',
    },
  ];

  it('a start with a mistyped URL setting stops, naming the setting, without its credential', async () => {
    const runs = await Promise.all(
      START_FAILURES.map(async (scenario) => {
        const demo = spawnBuiltDemo({ ...base, ...scenario.env });
        try {
          const code = await waitExit(demo);
          return { scenario, code, output: demo.stdout() + demo.stderr() };
        } finally {
          await demo.kill();
        }
      }),
    );
    for (const { scenario, code, output } of runs) {
      const shown = `${scenario.name}\n${output}`;
      expect({ name: scenario.name, failed: code !== 0 && code !== null }).toEqual({
        name: scenario.name,
        failed: true,
      });
      expect(shown).toContain(scenario.expected);
      expect(shown.includes(PLANT) ? shown : 'no credential').toBe('no credential');
    }
  }, 90_000);

  describe('running with credentials in every URL, then Redis drops', () => {
    let redis: { port: number; stop(): Promise<void> };
    let demo: BuiltDemo;
    let url: string;
    const responses: string[] = [];

    beforeAll(async () => {
      redis = await startPasswordRedis();
      const down = await closedPort();
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      demo = spawnBuiltDemo({
        ...base,
        DEMO_REDIS_URL: `redis://:${PLANT}@127.0.0.1:${redis.port}`,
        DEMO_REDIS_CHANNEL: `herald:test:${process.pid}:url-secrets`,
        HERALD_MONITOR__SLO__ALERTMANAGER_URL: `http://herald:${PLANT}@127.0.0.1:${down}`,
        HERALD_MONITOR__PROMETHEUS__PUSHGATEWAY_URL: `http://gw:${PLANT}@127.0.0.1:${down}`,
        HERALD_MONITOR__PROMETHEUS__PUSH_INTERVAL: '0.2',
        HERALD_NOTIFICATION__PUSH_BACKENDS: JSON.stringify([
          {
            name: 'android',
            primary: true,
            driver: 'fcm',
            fcm: {
              project_id: 'herald-test',
              client_email: 'pusher@herald-test.iam.gserviceaccount.com',
              private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
              token_uri: `http://svc:${PLANT}@127.0.0.1:${down}/token?access_token=${PLANT}`,
              base_url: `http://u:${PLANT}@127.0.0.1:${down}`,
            },
          },
        ]),
      });
      url = await demoUrl(demo, 30_000);
    }, 60_000);
    afterAll(async () => {
      await demo?.kill();
      await redis?.stop();
    });

    const get = async (path: string, init?: RequestInit) => {
      const res = await fetch(`${url}${path}`, init);
      const text = await res.text();
      responses.push(`${path} ${res.status} ${text}`);
      return { status: res.status, text };
    };

    it('a push send fails, an alert fires against a down Alertmanager: responses hold no credential', async () => {
      const login = await fetch(`${url}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ user: 'alice' }),
      });
      const { token } = (await login.json()) as { token: string };
      const auth = { Authorization: `Bearer ${token}`, Accept: 'application/json' };
      const push = await get('/channels/push', {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ token: 'demo-device-token-0001' }),
      });
      // the provider is unreachable: the demo answers 502 with the delivery error
      expect(push.status).toBe(502);
      expect(push.text).toMatch(/FCM request failed|ECONNREFUSED/);
      // an alert fires against the down Alertmanager, twice (a failed alert is not suppressed)
      for (let i = 0; i < 2; i++) {
        const samples = await get('/slos/samples', {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ metric: 'demo.checkout.latency', valueMs: 60_000, count: 50 }),
        });
        expect(samples.status).toBe(200);
      }
      expect(demo.stdout() + demo.stderr()).toMatch(
        /alert for SLO "demo-checkout-p95" failed: .*unreachable: .*ECONNREFUSED/,
      );
      expect((await get('/config')).text).toContain('[REDACTED]');
      await get('/health');
      for (const text of responses) expect(text.includes(PLANT) ? text : 'clean').toBe('clean');
    });

    it('Redis drops: the warnings, /health and the whole output hold no credential', async () => {
      await redis.stop();
      const deadline = Date.now() + 15_000;
      while (!/Redis: /.test(demo.stdout() + demo.stderr()) && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      const health = await get('/health');
      expect(health.text).toContain('redis');
      // the failing Pushgateway has been pushed to and warned about meanwhile
      expect(demo.stdout() + demo.stderr()).toMatch(/metrics push failed/);
      const output = demo.stdout() + demo.stderr();
      expect(output).toMatch(/Redis: /);
      expect(output.includes(PLANT) ? output : 'clean').toBe('clean');
      for (const text of responses) expect(text.includes(PLANT) ? text : 'clean').toBe('clean');
    }, 30_000);
  });
});
