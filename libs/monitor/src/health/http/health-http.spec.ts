import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { HealthCheckCategory, HealthStatus } from '@herald/contracts';
import { NoopHealthCheckRegistry } from '@herald/observability';
import { HealthCheckRunner } from '../health-check-runner.js';
import { HealthCheckerRegistry } from '../health-checker-registry.js';
import { attachHealthProbes } from './attach-health-probes.js';
import { createHealthMiddleware } from './create-health-middleware.js';

interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

function get(
  base: string,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      let data = '';
      res.on('data', (chunk) => (data += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          headers: res.headers,
          body: data && res.headers['content-type']?.includes('json') ? JSON.parse(data) : data,
        }),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createHealthMiddleware', () => {
  let runner: HealthCheckRunner;
  let server: Server;
  let base: string;
  let state: { db: boolean | HealthStatus; cache: boolean };
  let forwarded: string[];

  beforeEach(async () => {
    state = { db: true, cache: true };
    forwarded = [];
    runner = new HealthCheckRunner();
    runner.add('db', () => (typeof state.db === 'boolean' ? state.db : { status: state.db }));
    runner.add('cache', () => state.cache, {
      critical: false,
      category: HealthCheckCategory.LIVENESS,
    });
    const mw = createHealthMiddleware({ checker: runner, authToken: 's3cret-token' });
    server = createServer((req, res) =>
      mw(req, res, () => {
        forwarded.push(req.url!);
        res.end('app');
      }),
    );
    base = await listen(server);
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
    await runner.close();
  });

  const auth = { authorization: 'Bearer s3cret-token' };

  it('200 with { status, timestamp, checks } and Cache-Control: no-store when all are healthy', async () => {
    const reply = await get(base, '/health', auth);
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    expect(reply.body.status).toBe('healthy');
    expect(typeof reply.body.timestamp).toBe('number');
    expect(reply.body.checks.db).toMatchObject({ name: 'db', status: 'healthy', critical: true });
  });

  it('207 when one is degraded (or a non-critical one fails), 503 when one is unhealthy', async () => {
    state.cache = false;
    expect((await get(base, '/health', auth)).status).toBe(207);
    state.cache = true;
    state.db = HealthStatus.DEGRADED;
    expect((await get(base, '/health?x=1', auth)).status).toBe(207);
    state.db = false;
    const reply = await get(base, '/health', auth);
    expect(reply.status).toBe(503);
    expect(reply.body.status).toBe('unhealthy');
  });

  it('401 without the right bearer token', async () => {
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer wrong' },
      { authorization: 's3cret-token' },
    ];
    for (const headers of attempts) {
      const reply = await get(base, '/health', headers);
      expect(reply.status).toBe(401);
      expect(reply.headers['www-authenticate']).toMatch(/Bearer/);
      expect(JSON.stringify(reply.body)).not.toContain('s3cret');
    }
  });

  it('answers only its own path; other paths go to next()', async () => {
    expect((await get(base, '/other', auth)).body).toBe('app');
    expect((await get(base, '/healthz', auth)).body).toBe('app');
    expect((await get(base, '/health/live', auth)).body).toBe('app');
    expect(forwarded).toEqual(['/other', '/healthz', '/health/live']);
  });

  it('without next() other paths are 404; HEAD has no body; POST is 405', async () => {
    const mw = createHealthMiddleware({ registry: runner, path: '/status', includeDetails: false });
    const bare = createServer((req, res) => mw(req, res));
    const url = await listen(bare);
    try {
      expect((await get(url, '/nope')).status).toBe(404);
      const ok = await get(url, '/status');
      expect(ok.status).toBe(200);
      expect(Object.keys(ok.body).sort()).toEqual(['status', 'timestamp']);
      const head = await get(url, '/status', {}, 'HEAD');
      expect([head.status, head.body]).toEqual([200, '']);
      expect((await get(url, '/status', {}, 'POST')).status).toBe(405);
    } finally {
      await new Promise((resolve) => bare.close(resolve));
    }
  });

  it('works with a HealthCheckerRegistry and with the no-op registry', async () => {
    const registry = new HealthCheckerRegistry({ cacheTtlMs: 0 });
    registry.getOrCreate().add('x', () => ({ status: HealthStatus.DEGRADED }));
    const viaRegistry = createHealthMiddleware({ registry });
    const viaNoop = createHealthMiddleware({
      registry: new NoopHealthCheckRegistry(),
      path: '/noop',
    });
    const srv = createServer((req, res) => viaRegistry(req, res, () => viaNoop(req, res)));
    const url = await listen(srv);
    try {
      expect((await get(url, '/health')).status).toBe(207);
      const noop = await get(url, '/noop');
      expect([noop.status, noop.body.status]).toEqual([200, 'healthy']);
    } finally {
      await new Promise((resolve) => srv.close(resolve));
      await registry.cleanup();
    }
  });
});

describe('attachHealthProbes', () => {
  it('answers probes before the application listener and passes everything else on', async () => {
    const runner = new HealthCheckRunner();
    runner.add('live', () => true, { category: HealthCheckCategory.LIVENESS });
    runner.add('ready', () => false, { category: HealthCheckCategory.READINESS });
    runner.add('boot', () => true, { category: HealthCheckCategory.STARTUP });
    const seen: string[] = [];
    const server = createServer((req, res) => {
      seen.push(req.url!);
      res.end('app');
    });
    const detach = attachHealthProbes(server, { checker: runner });
    const url = await listen(server);
    try {
      expect((await get(url, '/health')).status).toBe(503);
      expect((await get(url, '/health/live')).body.checks).toHaveProperty('live');
      expect((await get(url, '/health/ready')).status).toBe(503);
      expect((await get(url, '/health/startup')).status).toBe(200);
      expect((await get(url, '/health/other')).body).toBe('app');
      expect((await get(url, '/page')).body).toBe('app');
      expect(seen).toEqual(['/health/other', '/page']);
      detach();
      expect((await get(url, '/health')).body).toBe('app');
    } finally {
      await new Promise((resolve) => server.close(resolve));
      await runner.close();
    }
  });
});
