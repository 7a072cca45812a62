import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

/** Checks that measure the whole process (the Jest worker in this test), not the app. */
const PROCESS_CHECKS = new Set(['memory.heap', 'event_loop']);

describe('the notification contributor in the demo', () => {
  it('GET /health reports notifications.inbox (store round trip)', async () => {
    const { app } = await startDemoApp();
    try {
      const res = await request(app.getHttpServer()).get('/health');
      // The demo's liveness checks `memory.heap` and `event_loop` measure the
      // process they run in, here the Jest worker that has loaded every suite
      // before this one; only they may turn the overall status. Every check of
      // the app itself must be healthy.
      const checks = res.body.checks as Record<string, { status: string }>;
      const unhealthyOwnChecks = Object.entries(checks)
        .filter(([name, c]) => !PROCESS_CHECKS.has(name) && c.status !== 'healthy')
        .map(([name, c]) => `${name}: ${JSON.stringify(c)}`);
      expect(unhealthyOwnChecks).toEqual([]);
      expect([200, 503]).toContain(res.status);
      if (res.status === 503) {
        const failing = Object.entries(checks).filter(([, c]) => c.status === 'unhealthy');
        expect(failing.map(([name]) => name).every((name) => PROCESS_CHECKS.has(name))).toBe(true);
      }
      expect(res.body.checks['notifications.inbox']).toMatchObject({
        name: 'notifications.inbox',
        status: 'healthy',
        critical: true,
        details: { store: 'DatabaseInboxStore' },
      });
    } finally {
      await app.close();
    }
  });

  it('on an SQLite file the seeded inbox persists across restarts and is seeded once', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'herald-inbox-'));
    const previous = process.env.DEMO_DATABASE_URL;
    process.env.DEMO_DATABASE_URL = `sqlite:${join(dir, 'demo.sqlite')}`;
    try {
      const first = await startDemoApp();
      const token = await loginAs(first.app, 'bob');
      await request(first.app.getHttpServer())
        .post('/admin/notifications/send')
        .set(bearer(token))
        .send({ title: 'kept on disk' })
        .expect(201);
      await first.app.close();

      const second = await startDemoApp();
      try {
        const again = await loginAs(second.app, 'bob');
        const res = await request(second.app.getHttpServer())
          .get('/admin/notifications/inbox')
          .set(bearer(again))
          .expect(200);
        expect(res.body.notifications.map((m: { title: string }) => m.title)).toEqual([
          'kept on disk',
          'Nightly backup finished',
          'Try the live bell',
          'Welcome to Herald',
        ]);
        expect(res.body.unread_count).toBe(4);
      } finally {
        await second.app.close();
      }
    } finally {
      if (previous === undefined) delete process.env.DEMO_DATABASE_URL;
      else process.env.DEMO_DATABASE_URL = previous;
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
