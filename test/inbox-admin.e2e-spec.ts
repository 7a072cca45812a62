import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  HEALTH_CHECK_REGISTRY,
  HealthStatus,
  type HealthCheckFunction,
  type HealthCheckAddOptions,
} from '@herald/contracts';
import { startDemoApp } from './helpers/demo-app.js';
import { ensureInboxBundle } from './helpers/inbox-bundle.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

/** Records what the admin shell registers, and runs it like a registry would. */
class RecordingRegistry {
  added = new Map<string, { fn: HealthCheckFunction; options?: HealthCheckAddOptions }>();
  add(name: string, fn: HealthCheckFunction, options?: HealthCheckAddOptions) {
    this.added.set(name, { fn, options });
  }
}

describe('admin notification endpoints (demo, SQLite)', () => {
  let app: INestApplication;
  let url: string;
  let alice: string;
  let bob: string;
  const registry = new RecordingRegistry();
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ensureInboxBundle(); // the shell shows <herald-inbox> when its bundle is built
    ({ app, url } = await startDemoApp((b) =>
      b.overrideProvider(HEALTH_CHECK_REGISTRY).useValue(registry),
    ));
    [alice, bob] = await Promise.all([loginAs(app, 'alice'), loginAs(app, 'bob')]);
  });
  afterAll(async () => {
    await app.close();
  });

  it('answers 401 on every route without a user, and with a forged token', async () => {
    const forged = bearer(`${alice.split('.')[0]}.forged-signature`);
    for (const headers of [{}, forged]) {
      await http().get('/admin/notifications/inbox').set(headers).expect(401);
      await http().post('/admin/notifications/read-all').set(headers).expect(401);
      await http()
        .post('/admin/notifications/read/0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d')
        .set(headers)
        .expect(401);
      await http().post('/admin/notifications/send').set(headers).send({ title: 'x' }).expect(401);
      await http().get('/admin/notifications/stream').set(headers).expect(401);
      const json = await http().get('/admin/notifications').set(headers).expect(401);
      expect(json.body).toMatchObject({ statusCode: 401, error: 'Unauthorized' });
    }
    const page = await http().get('/admin/notifications').set('Accept', 'text/html').expect(401);
    expect(page.text).toContain('Sign in as Alice');
  });

  it('GET /admin/notifications/inbox returns the seeded messages, newest first', async () => {
    const res = await http().get('/admin/notifications/inbox').set(bearer(alice)).expect(200);
    expect(res.body.unread_count).toBe(3);
    expect(res.body.notifications).toHaveLength(3);
    expect(res.body.notifications[0]).toMatchObject({
      user_id: 'alice',
      title: 'Nightly backup finished',
      read: false,
      read_at: null,
    });
    expect(Object.keys(res.body.notifications[0]).sort()).toEqual(
      [
        'action_url',
        'actions',
        'archived',
        'archived_at',
        'body',
        'category',
        'created_at',
        'data',
        'expires_at',
        'id',
        'read',
        'read_at',
        'seen',
        'seen_at',
        'severity',
        'snoozed_until',
        'tags',
        'title',
        'user_id',
      ].sort(),
    );
    expect(res.body.notifications[0]).toMatchObject({
      seen: false,
      seen_at: null,
      archived: false,
      archived_at: null,
      snoozed_until: null,
      tags: [],
      severity: 'normal',
      actions: [],
    });
  });

  it('sends, pages with next_cursor, and validates the query', async () => {
    const sent = await http()
      .post('/admin/notifications/send')
      .set(bearer(alice))
      .send({ title: 'Deploy done', body: 'v2 is live', category: 'ci', action_url: '/deploys/2' })
      .expect(201);
    expect(sent.body.message).toMatchObject({ title: 'Deploy done', user_id: 'alice' });
    const first = await http()
      .get('/admin/notifications/inbox?limit=2')
      .set(bearer(alice))
      .expect(200);
    expect(first.body.notifications.map((m: { title: string }) => m.title)).toEqual([
      'Deploy done',
      'Nightly backup finished',
    ]);
    const second = await http()
      .get('/admin/notifications/inbox')
      .query({ limit: 2, cursor: first.body.next_cursor })
      .set(bearer(alice))
      .expect(200);
    expect(second.body.notifications.map((m: { title: string }) => m.title)).toEqual([
      'Try the live bell',
      'Welcome to Herald',
    ]);
    const unreadOnly = await http()
      .get('/admin/notifications/inbox?unread_only=true')
      .set(bearer(alice))
      .expect(200);
    expect(unreadOnly.body.notifications.length).toBeGreaterThan(0);
    expect(unreadOnly.body.notifications.every((m: { read: boolean }) => !m.read)).toBe(true);
    await http().get('/admin/notifications/inbox?unread_only=maybe').set(bearer(alice)).expect(400);
    const bad = await http()
      .get('/admin/notifications/inbox?limit=0')
      .set(bearer(alice))
      .expect(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(bad.body.message).toEqual(['limit must be an integer from 1 to 1000 (got 0)']);
    const cursor = await http()
      .get('/admin/notifications/inbox?cursor=forged')
      .set(bearer(alice))
      .expect(400);
    expect(cursor.body.message).toMatch(/cursor 'forged' is not valid/);
    const blank = await http()
      .post('/admin/notifications/send')
      .set(bearer(alice))
      .send({ title: '   ', extra: 1 })
      .expect(400);
    expect(blank.body.message).toEqual(
      expect.arrayContaining(['property extra should not exist', 'title must not be blank']),
    );
  });

  it('POST read/:message_id: 200 once, idempotent after, 400 malformed, 404 for another user’s id', async () => {
    const mine = await http().get('/admin/notifications/inbox').set(bearer(alice)).expect(200);
    const target = mine.body.notifications[0];
    const before = mine.body.unread_count;
    const first = await http()
      .post(`/admin/notifications/read/${target.id}`)
      .set(bearer(alice))
      .expect(200);
    expect(first.body).toEqual({
      message_id: target.id,
      read: true,
      changed: true,
      unread_count: before - 1,
    });
    const again = await http()
      .post(`/admin/notifications/read/${target.id}`)
      .set(bearer(alice))
      .expect(200);
    expect(again.body).toEqual({
      message_id: target.id,
      read: true,
      changed: false,
      unread_count: before - 1,
    });

    const malformed = await http()
      .post('/admin/notifications/read/not-a-uuid')
      .set(bearer(alice))
      .expect(400);
    expect(malformed.body).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    expect(malformed.body.message[0]).toMatch(/message_id must be a UUID/);

    const bobs = await http().get('/admin/notifications/inbox').set(bearer(bob)).expect(200);
    const bobMessage = bobs.body.notifications[0];
    const stolen = await http()
      .post(`/admin/notifications/read/${bobMessage.id}`)
      .set(bearer(alice))
      .expect(404);
    const unknownId = '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
    const unknown = await http()
      .post(`/admin/notifications/read/${unknownId}`)
      .set(bearer(alice))
      .expect(404);
    expect(stolen.body).toEqual({
      ...unknown.body,
      message: unknown.body.message.replace(unknownId, bobMessage.id),
    });
    expect(stolen.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
    const bobAfter = await http().get('/admin/notifications/inbox').set(bearer(bob)).expect(200);
    expect(bobAfter.body.unread_count).toBe(bobs.body.unread_count);
    expect(bobAfter.body.notifications[0].read).toBe(false);
  });

  it('POST read-all marks everything of the user only', async () => {
    const res = await http().post('/admin/notifications/read-all').set(bearer(alice)).expect(200);
    expect(res.body.marked).toBeGreaterThan(0);
    expect(res.body.unread_count).toBe(0);
    const again = await http().post('/admin/notifications/read-all').set(bearer(alice)).expect(200);
    expect(again.body).toEqual({ marked: 0, unread_count: 0 });
    const bobs = await http().get('/admin/notifications/inbox').set(bearer(bob)).expect(200);
    expect(bobs.body.unread_count).toBe(3);
  });

  it('GET /admin/notifications renders the page in the shell, escaped, with <herald-inbox> and its fallback', async () => {
    await http()
      .post('/admin/notifications/send')
      .set(bearer(alice))
      .send({ title: '<script>alert("x")</script>', body: '<img src=x onerror=alert(1)>' })
      .expect(201);
    const res = await http()
      .get('/admin/notifications')
      .set(bearer(alice))
      .set('Accept', 'text/html')
      .expect(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.text).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(res.text).not.toContain('<script>alert(');
    expect(res.text).not.toContain('<img src=x');
    // the topbar's <herald-inbox>, its bundle, and inside it the link shown until it upgrades
    expect(res.text).toMatch(
      /<herald-inbox base-url="\/admin\/notifications" data-herald-bell\s*>/,
    );
    expect(res.text).toMatch(
      /<script type="module" src="\/assets\/herald-inbox-[0-9a-f]{16}\.js">/,
    );
    expect(res.text).toMatch(
      /<herald-inbox[^>]*>\s*<a\s+class="bell has-unread"\s+href="\/admin\/notifications"\s+data-count="1"\s*>Notifications, 1 unread<\/a\s*>\s*<\/herald-inbox\s*>/,
    );
    expect(res.text).toMatch(/<li\s+class="inbox-item unread"/);
    expect(res.text).toMatch(/<button type="submit">\s*Mark all read\s*<\/button>/);
    expect(res.text).toContain('<h1 id="inbox-heading">Notifications</h1>');
    expect(res.text).toContain('<span class="viewer">Alice (admin)</span>');
    expect(res.text).toContain('href="/admin/notifications"');
  });

  it('forms work without JavaScript: login and mark-all-read redirect back (303)', async () => {
    const login = await http()
      .post('/auth/login')
      .type('form')
      .send({ user: 'carol', next: '/admin/notifications' })
      .expect(303);
    expect(login.headers.location).toBe('/admin/notifications');
    const cookie = String(login.headers['set-cookie']).split(';')[0];
    expect(cookie).toMatch(/^herald_session=/);
    const page = await http()
      .get('/admin/notifications')
      .set('Cookie', cookie)
      .set('Accept', 'text/html')
      .expect(200);
    expect(page.text).toContain('Carol (support)');
    await http()
      .post('/admin/notifications/read-all')
      .set('Cookie', cookie)
      .set('Origin', new URL(url).origin) // what a browser sends with the form
      .set('Accept', 'text/html,application/xhtml+xml')
      .type('form')
      .send({})
      .expect(303)
      .expect('Location', '/admin/notifications');
    const after = await http().get('/admin/notifications/inbox').set('Cookie', cookie).expect(200);
    expect(after.body.unread_count).toBe(0);
  });

  it('the shell registered the notifications.inbox health check, which round-trips the store', async () => {
    const entry = registry.added.get('notifications.inbox');
    expect(entry?.options).toMatchObject({ critical: true });
    const result = (await entry!.fn()) as Record<string, unknown>;
    expect(result).toMatchObject({ healthy: true, store: 'DatabaseInboxStore' });
    expect(typeof result.round_trip_ms).toBe('number');
    expect(HealthStatus.HEALTHY).toBe('healthy');
  });

  it('the home page links to the notifications page', async () => {
    const res = await http().get('/').expect(200);
    expect(res.text).toContain('href="/admin/notifications"');
  });
});
