import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  betterSqlite3IsSafe,
  demoDataSourceOptions,
} from '../apps/demo/src/database/database.module.js';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

describe('demo database choice', () => {
  it('uses better-sqlite3 only on Node versions where it cannot abort the process', () => {
    expect(['20.19.0', '22.23.3', '24.18.0'].map((v) => betterSqlite3IsSafe(v))).toEqual([
      true,
      true,
      true,
    ]);
    expect(['24.19.0', '24.21.0', '25.1.0'].map((v) => betterSqlite3IsSafe(v))).toEqual([
      false,
      false,
      false,
    ]);
  });

  it('maps DEMO_DATABASE_URL and the Node version to a TypeORM driver', () => {
    expect(demoDataSourceOptions('sqlite::memory:', true)).toMatchObject({
      type: 'better-sqlite3',
      database: ':memory:',
    });
    expect(demoDataSourceOptions('sqlite::memory:', false)).toMatchObject({ type: 'sqljs' });
    expect(demoDataSourceOptions('sqljs::memory:', true)).toMatchObject({ type: 'sqljs' });
    expect(demoDataSourceOptions('sqljs:test-output/demo.sqljs', true)).toMatchObject({
      type: 'sqljs',
      location: 'test-output/demo.sqljs',
      autoSave: true,
    });
    expect(demoDataSourceOptions('postgres://127.0.0.1/test', false)).toMatchObject({
      type: 'postgres',
    });
  });
});

describe('demo on sql.js (the embedded SQLite where better-sqlite3 is unsafe)', () => {
  let app: INestApplication;
  let url: string;
  let auth: Record<string, string>;
  const saved = process.env.DEMO_DATABASE_URL;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    process.env.DEMO_DATABASE_URL = 'sqljs::memory:';
    ({ app, url } = await startDemoApp());
    auth = bearer(await loginAs(app, 'alice'));
  });
  afterAll(async () => {
    await app.close();
    if (saved === undefined) delete process.env.DEMO_DATABASE_URL;
    else process.env.DEMO_DATABASE_URL = saved;
  });

  it('runs the migrations on sql.js and reports the database healthy', async () => {
    expect(app.get(DataSource).options.type).toBe('sqljs');
    expect(await app.get(DataSource).showMigrations()).toBe(false);
    const res = await http()
      .get('/health')
      .expect((r) => expect([200, 207]).toContain(r.status));
    expect(res.body.checks.database.status).toBe('healthy');
  });

  it('keeps the inbox: send, list, mark read, unread count', async () => {
    const before = await http().get('/admin/notifications/inbox').set(auth).expect(200);
    const sent = await http()
      .post('/admin/notifications/send')
      .set(auth)
      .send({ title: 'On sql.js', body: 'stored in WebAssembly SQLite' })
      .expect(201);
    const id = sent.body.message.id as string;
    const after = await http().get('/admin/notifications/inbox').set(auth).expect(200);
    expect(after.body.unread_count).toBe(before.body.unread_count + 1);
    expect(after.body.notifications[0]).toMatchObject({ id, title: 'On sql.js', read: false });
    const read = await http().post(`/admin/notifications/read/${id}`).set(auth).expect(200);
    expect(read.body).toMatchObject({ message_id: id, read: true, changed: true });
    expect(read.body.unread_count).toBe(before.body.unread_count);
  });

  it('keeps delivery records', async () => {
    const res = await fetch(`${url}/admin/deliveries/send`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ scenario: 'ok', to: '+15005550006' }),
    });
    expect(res.status).toBe(202);
    const { deliveryId } = (await res.json()) as { deliveryId: string };
    let status = '';
    for (let i = 0; i < 200 && status !== 'sent'; i++) {
      const log = (await (
        await fetch(`${url}/admin/deliveries.json?limit=50`, { headers: auth })
      ).json()) as { records: Array<{ id: string; status: string }> };
      status = log.records.find((r) => r.id === deliveryId)?.status ?? '';
      if (status !== 'sent') await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe('sent');
  });
});
