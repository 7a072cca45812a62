import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app.js';
import { openDemoPostgresSchema, type DemoPostgresSchema } from './helpers/demo-postgres.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { startTcpProxy, type TcpProxy } from './helpers/tcp-proxy.js';
import { withEnv } from './helpers/with-env.js';

/** Demo routes that read PostgreSQL on every request. */
const DATABASE_ROUTES = [
  '/admin/notifications/inbox',
  '/admin/suppressions.json',
  '/admin/deliveries.json',
  '/admin/deliveries/notifications.json',
  '/admin/preferences.json',
];
/** The 2 s, plus one probe's slack on a shared machine. */
const HEALTH_LAG_BOUND_MS = 2500;

/**
 * Issue 22.12: the demo on PostgreSQL through a loopback proxy the test cuts
 * (every connection dropped, new ones refused) and restores.
 */
describe('the demo during a PostgreSQL outage (loopback proxy cut and restored)', () => {
  jest.setTimeout(60_000);
  let schema: DemoPostgresSchema;
  let proxy: TcpProxy;
  let app: INestApplication;
  let token: string;

  beforeAll(async () => {
    schema = await openDemoPostgresSchema();
    proxy = await startTcpProxy({ host: '127.0.0.1', port: 5432 });
    const env = {
      ...schema.env,
      DEMO_DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/test`,
    };
    ({ app } = await withEnv(env, () => startDemoApp()));
    token = await loginAs(app, 'alice');
  });

  afterAll(async () => {
    await app?.close();
    await proxy?.close();
    await schema?.close();
  });

  const get = (path: string) => request(app.getHttpServer()).get(path).set(bearer(token));

  /** Polls /health every 100 ms until it answers `status`; how long that took. */
  async function healthTurns(status: number): Promise<number> {
    const start = Date.now();
    while ((await get('/health')).status !== status) {
      if (Date.now() - start > 20_000) throw new Error(`/health never answered ${status}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    return Date.now() - start;
  }

  it('answers 503 with Retry-After while PostgreSQL is away, and /health follows within 2 s both ways', async () => {
    for (const path of DATABASE_ROUTES)
      expect([path, (await get(path)).status]).toEqual([path, 200]);
    expect((await get('/health')).status).toBe(200);

    await proxy.cut();
    const outageSeenAfter = await healthTurns(503);
    const health = await get('/health');
    expect(health.body.checks.database.status).toBe('unhealthy');
    for (const path of DATABASE_ROUTES) {
      const res = await get(path);
      expect([path, res.status]).toEqual([path, 503]);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.message).toMatch(
        /^a service this request needs is unavailable \(.+\); retry after 5 s$/,
      );
      // the kind of failure only: no host, port or user from the driver's message
      expect(JSON.stringify(res.body)).not.toMatch(/127\.0\.0\.1|5432|postgres|ECONN/i);
    }

    await proxy.restore();
    const recoverySeenAfter = await healthTurns(200);
    for (const path of DATABASE_ROUTES)
      expect([path, (await get(path)).status]).toEqual([path, 200]);
    process.stdout.write(
      `postgres outage: /health unhealthy after ${outageSeenAfter} ms, healthy again after ${recoverySeenAfter} ms\n`,
    );
    expect(outageSeenAfter).toBeLessThan(HEALTH_LAG_BOUND_MS);
    expect(recoverySeenAfter).toBeLessThan(HEALTH_LAG_BOUND_MS);
  });
});
