import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { HeraldConfig, loadHeraldConfig } from '@herald/contracts';
import { HealthCheckRunner } from '@herald/monitor';
import { startDemoApp } from './helpers/demo-app.js';

const TOKEN = 'e2e-health-token';

describe('demo health endpoints (HealthController)', () => {
  let app: INestApplication;
  let runner: HealthCheckRunner;
  const auth = { Authorization: `Bearer ${TOKEN}` };

  beforeAll(async () => {
    const config = loadHeraldConfig({
      env: {},
      overrides: { monitor: { health: { authToken: TOKEN, cacheTtl: 0 } } },
    });
    ({ app } = await startDemoApp((builder) =>
      builder.overrideProvider(HeraldConfig).useValue(config),
    ));
    runner = app.get(HealthCheckRunner);
  });
  afterAll(async () => {
    await app.close();
  });

  const get = (path: string, headers: Record<string, string> = auth) =>
    request(app.getHttpServer()).get(path).set(headers);

  it('registers the demo checks, the @HealthChecker ones and the contributors’ ones', () => {
    expect(runner.checkNames).toEqual(
      expect.arrayContaining([
        'database',
        'event_loop',
        'memory.heap',
        'migrations',
        'notifications.inbox',
      ]),
    );
  });

  describe('with the event-loop check out of the way (its verdict depends on machine load)', () => {
    beforeAll(() => runner.remove('event_loop'));

    it('GET /health: 200, { status, timestamp, checks }, Cache-Control: no-store', async () => {
      const res = await get('/health').expect(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.status).toBe('healthy');
      expect(typeof res.body.timestamp).toBe('number');
      expect(res.body.checks.database).toMatchObject({ status: 'healthy', critical: true });
    });

    it('207 when a non-critical check fails, 503 when a critical one does', async () => {
      runner.add('e2e.optional', () => false, { critical: false });
      try {
        const degraded = await get('/health').expect(207);
        expect(degraded.body.status).toBe('degraded');
        runner.add('e2e.critical', () => {
          throw new Error('down, password=letmein');
        });
        const down = await get('/health').expect(503);
        expect(down.body.status).toBe('unhealthy');
        expect(down.body.checks['e2e.critical'].message).not.toContain('letmein');
      } finally {
        if (runner.has('e2e.critical')) runner.remove('e2e.critical');
        runner.remove('e2e.optional');
      }
    });

    it('401 without the right bearer token, on every path', async () => {
      for (const path of ['/health', '/health/live', '/health/ready', '/health/startup']) {
        await get(path, {}).expect(401);
        await get(path, { Authorization: 'Bearer nope' }).expect(401);
      }
    });

    it('404 for paths that are not probes', async () => {
      await get('/health/nothing').expect(404);
    });

    it('each category path runs its own checks', async () => {
      const live = await get('/health/live').expect(200);
      expect(Object.keys(live.body.checks)).toContain('memory.heap');
      expect(live.body.checks).not.toHaveProperty('database');
      const ready = await get('/health/ready').expect(200);
      expect(Object.keys(ready.body.checks).sort()).toEqual(
        expect.arrayContaining(['database', 'notifications.inbox']),
      );
      expect(ready.body.checks).not.toHaveProperty('memory.heap');
      const startup = await get('/health/startup').expect(200);
      expect(Object.keys(startup.body.checks)).toEqual(['migrations']);
    });

    it('a failing readiness check makes /health/ready 503 but not /health/live', async () => {
      runner.add('e2e.ready', () => false);
      try {
        await get('/health/ready').expect(503);
        await get('/health/live').expect(200);
      } finally {
        runner.remove('e2e.ready');
      }
    });
  });

  it('the home page links to /health', async () => {
    const res = await request(app.getHttpServer()).get('/').expect(200);
    expect(res.text).toContain('href="/health"');
  });
});
