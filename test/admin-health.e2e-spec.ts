import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { startDemoApp } from './helpers/demo-app';
import { bearer, loginAs } from './helpers/inbox-demo';

describe('the notification contributor in the demo', () => {
  it('GET /health reports notifications.inbox (store round trip)', async () => {
    const { app } = await startDemoApp();
    try {
      const res = await request(app.getHttpServer()).get('/health').expect(200);
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
