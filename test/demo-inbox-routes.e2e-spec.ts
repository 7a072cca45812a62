/**
 * The demo's inbox routes of docs/inbox-contract.md (/admin/notifications/*):
 * tabs, counts, per-message changes, snooze, actions, delete, bulk changes,
 * preferences, the subscriber token (Bearer and ?token= on the stream) and the
 * stream's inbox.updated events, with the demo's sign-in and CSRF rules.
 */
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { signInboxToken } from '@herald/notification/inbox';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { SseClient } from './helpers/sse-client.js';
import { withEnv } from './helpers/with-env.js';

describe('the demo inbox routes (SQLite)', () => {
  let app: INestApplication;
  let url: string;
  let alice: string;
  let bob: string;
  const streams: SseClient[] = [];
  const http = () => request(app.getHttpServer());
  const base = '/admin/notifications';

  beforeAll(async () => {
    ({ app, url } = await withEnv({ DEMO_SEED_INBOX: 'false' }, () => startDemoApp()));
    [alice, bob] = await Promise.all([loginAs(app, 'alice'), loginAs(app, 'bob')]);
  });
  afterEach(() => streams.splice(0).forEach((s) => s.close()));
  afterAll(async () => {
    await app.close();
  });

  const send = async (token: string, body: object) =>
    (await http().post(`${base}/send`).set(bearer(token)).send(body).expect(201)).body.message;

  it('answers 401 on the new routes without a user', async () => {
    const id = '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
    await http()
      .post(`${base}/counts`)
      .send({ tabs: { all: {} } })
      .expect(401);
    await http().post(`${base}/messages/${id}/seen`).expect(401);
    await http()
      .post(`${base}/messages/${id}/snooze`)
      .send({ until: '2999-01-01T00:00:00Z' })
      .expect(401);
    await http().post(`${base}/messages/${id}/actions/go`).expect(401);
    await http().delete(`${base}/messages/${id}`).expect(401);
    await http().post(`${base}/bulk/read`).expect(401);
    await http().get(`${base}/preferences`).expect(401);
    await http()
      .put(`${base}/preferences`)
      .send({ category: 'x', channel: 'mail', enabled: true })
      .expect(401);
    await http().post(`${base}/token`).expect(401);
  });

  it('sends with tags, severity and actions, lists a tab, counts tabs and changes one message', async () => {
    const m = await send(alice, {
      title: 'Approve the deploy?',
      tags: ['ops'],
      severity: 'high',
      actions: [
        { label: 'Approve', action_id: 'deploy.approve' },
        { label: 'Open', url: '/admin/deliveries' },
      ],
    });
    expect(m).toMatchObject({
      tags: ['ops'],
      severity: 'high',
      actions: [
        { label: 'Approve', action_id: 'deploy.approve' },
        { label: 'Open', url: '/admin/deliveries' },
      ],
    });
    await send(alice, { title: 'Invoice', tags: ['billing'] });
    const ops = await http()
      .get(`${base}/inbox?tags=ops&severity=high,critical`)
      .set(bearer(alice))
      .expect(200);
    expect(ops.body.notifications.map((n: { id: string }) => n.id)).toEqual([m.id]);
    expect(ops.body).toMatchObject({ unread_count: 2, unseen_count: 2 });
    const counts = await http()
      .post(`${base}/counts`)
      .set(bearer(alice))
      .send({ tabs: { all: {}, ops: { tags: ['ops'] } } })
      .expect(200);
    expect(counts.body.counts).toEqual({
      all: { unread: 2, unseen: 2, total: 2 },
      ops: { unread: 1, unseen: 1, total: 1 },
    });
    const seen = await http().post(`${base}/messages/${m.id}/seen`).set(bearer(alice)).expect(200);
    expect(seen.body).toMatchObject({
      message: { id: m.id, seen: true },
      changed: true,
      unseen_count: 1,
    });
    await http().post(`${base}/messages/${m.id}/read`).set(bearer(alice)).expect(200);
    const unread = await http()
      .post(`${base}/messages/${m.id}/unread`)
      .set(bearer(alice))
      .expect(200);
    expect(unread.body).toMatchObject({ message: { read: false }, unread_count: 2 });
    const until = new Date(Date.now() + 86_400_000).toISOString();
    const snoozed = await http()
      .post(`${base}/messages/${m.id}/snooze`)
      .set(bearer(alice))
      .send({ until })
      .expect(200);
    expect(snoozed.body).toMatchObject({ message: { snoozed_until: until }, unread_count: 1 });
    await http().post(`${base}/messages/${m.id}/unsnooze`).set(bearer(alice)).expect(200);
    await http().post(`${base}/messages/${m.id}/archive`).set(bearer(alice)).expect(200);
    const archived = await http()
      .get(`${base}/inbox?status=archived`)
      .set(bearer(alice))
      .expect(200);
    expect(archived.body.notifications.map((n: { id: string }) => n.id)).toEqual([m.id]);
    await http().post(`${base}/messages/${m.id}/unarchive`).set(bearer(alice)).expect(200);
    const action = await http()
      .post(`${base}/messages/${m.id}/actions/deploy.approve`)
      .set(bearer(alice))
      .expect(200);
    expect(action.body).toEqual({ message_id: m.id, action_id: 'deploy.approve', done: true });
    await http().post(`${base}/messages/${m.id}/actions/nope`).set(bearer(alice)).expect(404);
    // bob cannot touch alice's message
    for (const what of ['seen', 'read', 'unread', 'archive', 'unarchive', 'unsnooze']) {
      await http().post(`${base}/messages/${m.id}/${what}`).set(bearer(bob)).expect(404);
    }
    await http()
      .post(`${base}/messages/${m.id}/actions/deploy.approve`)
      .set(bearer(bob))
      .expect(404);
    await http().delete(`${base}/messages/${m.id}`).set(bearer(bob)).expect(404);
    const deleted = await http().delete(`${base}/messages/${m.id}`).set(bearer(alice)).expect(200);
    expect(deleted.body).toEqual({
      message_id: m.id,
      deleted: true,
      unread_count: 1,
      unseen_count: 1,
    });
  });

  it('bulk-marks a tab seen, read and archived', async () => {
    await send(bob, { title: 'a', tags: ['x'] });
    await send(bob, { title: 'b', tags: ['x'] });
    await send(bob, { title: 'c' });
    const seen = await http()
      .post(`${base}/bulk/seen`)
      .set(bearer(bob))
      .send({ filter: { tags: ['x'] } })
      .expect(200);
    expect(seen.body).toEqual({ changed: 2, unread_count: 3, unseen_count: 1 });
    const read = await http().post(`${base}/bulk/read`).set(bearer(bob)).send({}).expect(200);
    expect(read.body).toEqual({ changed: 3, unread_count: 0, unseen_count: 0 });
    const archived = await http().post(`${base}/bulk/archive`).set(bearer(bob)).expect(200);
    expect(archived.body).toMatchObject({ changed: 3 });
  });

  it("reads and changes preferences over the demo's topics", async () => {
    const before = await http().get(`${base}/preferences`).set(bearer(alice)).expect(200);
    const [topic] = before.body.topics;
    expect(topic.channels).toEqual(
      ['inbox', 'sms', 'mail', 'push'].map((channel) => ({ channel, enabled: true })),
    );
    const set = await http()
      .put(`${base}/preferences`)
      .set(bearer(alice))
      .send({ category: topic.category, channel: 'sms', enabled: false })
      .expect(200);
    expect(set.body).toEqual({ category: topic.category, channel: 'sms', enabled: false });
    const after = await http().get(`${base}/preferences`).set(bearer(alice)).expect(200);
    expect(after.body.topics[0].channels).toContainEqual({ channel: 'sms', enabled: false });
    await http()
      .put(`${base}/preferences`)
      .set(bearer(alice))
      .send({ category: 'weather', channel: 'sms', enabled: false })
      .expect(400);
  });

  it('holds cookie-signed writes of the new routes to the CSRF rule', async () => {
    const login = await http().post('/auth/login').send({ user: 'carol' }).expect(200);
    const cookie = login.headers['set-cookie'] as unknown as string[];
    await http().post(`${base}/bulk/read`).set('Cookie', cookie).send({}).expect(403);
    await http()
      .post(`${base}/bulk/read`)
      .set('Cookie', cookie)
      .set('Origin', url)
      .send({})
      .expect(200);
    await http().put(`${base}/preferences`).set('Cookie', cookie).send({}).expect(403);
  });

  it('accepts a subscriber token (Bearer, and ?token= on the stream), never another user’s or a forged one', async () => {
    const issued = await http().post(`${base}/token`).set(bearer(alice)).expect(200);
    expect(issued.body).toMatchObject({ token_type: 'Bearer', expires_at: expect.any(String) });
    const token = issued.body.token as string;
    const page = await http().get(`${base}/inbox`).set(bearer(token)).expect(200);
    expect(page.body.notifications.every((n: { user_id: string }) => n.user_id === 'alice')).toBe(
      true,
    );
    await http().post(`${base}/token`).set(bearer(token)).expect(403);
    const forged = signInboxToken({ userId: 'bob', secret: 'x'.repeat(40) });
    await http().get(`${base}/inbox`).set(bearer(forged)).expect(401);
    await http().get(`${base}/stream?token=${forged}`).expect(401);
    await http().post(`${base}/bulk/read?token=${token}`).send({}).expect(401);

    const live = await SseClient.open(`${url}${base}/stream?token=${encodeURIComponent(token)}`);
    streams.push(live);
    expect(live.status).toBe(200);
    const sync = await live.waitFor((e) => e.event === 'sync');
    expect(Object.keys(sync.data).sort()).toEqual(['unread_count', 'unseen_count']);
    const m = await send(alice, { title: 'live' });
    const sent = await live.waitFor((e) => e.event === 'inbox.sent');
    expect(sent.data).toMatchObject({ id: m.id, title: 'live', seen: false, tags: [] });
    await http().post(`${base}/messages/${m.id}/archive`).set(bearer(alice)).expect(200);
    const updated = await live.waitFor((e) => e.event === 'inbox.updated');
    expect(updated.data).toMatchObject({ message_id: m.id, change: 'archived' });
    await http().post(`${base}/bulk/seen`).set(bearer(alice)).send({}).expect(200);
    const bulk = await live.waitFor((e) => e.event === 'inbox.updated' && e.data.change === 'seen');
    expect(bulk.data).toMatchObject({ change: 'seen', count: expect.any(Number), unseen_count: 0 });
    expect(bulk.data).not.toHaveProperty('message_id');
  });
});
