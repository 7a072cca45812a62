import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { REALTIME_OPTIONS } from '../apps/demo/src/admin/realtime/realtime.options.js';
import { RealtimeHub } from '../apps/demo/src/admin/realtime/realtime-hub.service.js';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';
import { SseClient } from './helpers/sse-client.js';

const options = (extra: Record<string, unknown> = {}) => ({
  channel: 'unused',
  heartbeatMs: 200,
  replayPerUser: 50,
  ...extra,
});

describe('live bell: GET /admin/notifications/stream', () => {
  let app: INestApplication;
  let url: string;
  let alice: string;
  let bob: string;
  const clients: SseClient[] = [];
  const open = async (token: string, headers: Record<string, string> = {}) => {
    const client = await SseClient.open(`${url}/admin/notifications/stream`, {
      ...bearer(token),
      ...headers,
    });
    clients.push(client);
    return client;
  };
  const send = (token: string, title: string) =>
    request(app.getHttpServer())
      .post('/admin/notifications/send')
      .set(bearer(token))
      .send({ title })
      .expect(201);

  beforeAll(async () => {
    ({ app, url } = await startDemoApp((b) =>
      b.overrideProvider(REALTIME_OPTIONS).useValue(options()),
    ));
    [alice, bob] = await Promise.all([loginAs(app, 'alice'), loginAs(app, 'bob')]);
  });
  afterEach(() => clients.splice(0).forEach((c) => c.close()));
  afterAll(async () => {
    await app.close();
  });

  it('streams a message sent after the client connected, read events and heartbeats; nothing of other users', async () => {
    const stream = await open(alice);
    const bobStream = await open(bob);
    expect(stream.status).toBe(200);
    const sync = await stream.waitFor((e) => e.event === 'sync');
    const start = sync.data.unread_count as number;
    const sent = await send(alice, 'Hello live');
    const live = await stream.waitFor((e) => e.event === 'inbox.sent');
    expect(live.data).toMatchObject({
      id: sent.body.message.id,
      title: 'Hello live',
      read: false,
    });
    expect(live.data.unread_count).toBe(start + 1);
    expect(live.id).toBeDefined();

    await request(app.getHttpServer())
      .post(`/admin/notifications/read/${sent.body.message.id}`)
      .set(bearer(alice))
      .expect(200);
    const read = await stream.waitFor((e) => e.event === 'inbox.read');
    expect(read.data).toEqual({
      message_id: sent.body.message.id,
      unread_count: start,
      unseen_count: expect.any(Number),
    });
    await request(app.getHttpServer())
      .post('/admin/notifications/read-all')
      .set(bearer(alice))
      .expect(200);
    const all = await stream.waitFor((e) => e.event === 'inbox.read_all');
    expect(all.data).toMatchObject({ count: start, unread_count: 0 });

    await new Promise((r) => setTimeout(r, 300));
    expect(stream.comments.some((c) => c.startsWith('heartbeat'))).toBe(true);
    expect(bobStream.events.map((e) => e.event)).toEqual(['sync']);
  });

  it('after a disconnect, replays the missed events from Last-Event-ID', async () => {
    const first = await open(alice);
    await first.waitFor((e) => e.event === 'sync');
    await send(alice, 'before disconnect');
    await first.waitFor((e) => e.event === 'inbox.sent');
    const lastEventId = first.lastEventId!;
    first.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(app.get(RealtimeHub).subscriberCount()).toBe(0);

    await send(alice, 'missed one');
    await send(alice, 'missed two');
    const again = await open(alice, { 'Last-Event-ID': lastEventId });
    await again.waitFor((e) => e.data?.title === 'missed two');
    expect(again.events.map((e) => e.event)).toEqual(['inbox.sent', 'inbox.sent']);
    expect(again.events.map((e) => e.data.title)).toEqual(['missed one', 'missed two']);

    const unknown = await open(alice, { 'Last-Event-ID': 'forgotten-id' });
    const sync = await unknown.waitFor((e) => e.event === 'sync');
    expect(typeof sync.data.unread_count).toBe('number');
  });
});

describe('shutdown with open streams', () => {
  it('app.close() ends open SSE streams instead of waiting for the browsers', async () => {
    const { app, url } = await startDemoApp();
    const token = await loginAs(app, 'alice');
    const client = await SseClient.open(`${url}/admin/notifications/stream`, bearer(token));
    await client.waitFor((e) => e.event === 'sync');
    const ended = new Promise<void>((resolve) => client.onEnd(resolve));
    await app.close();
    await ended;
    client.close();
  });
});

describe('live bell across two instances sharing Redis', () => {
  const channel = `herald:test:inbox:${process.pid}:${Date.now()}`;
  let a: INestApplication;
  let b: { app: INestApplication; url: string };
  let stream: SseClient | undefined;

  beforeAll(async () => {
    const shared = options({ redisUrl: 'redis://127.0.0.1:6379', channel });
    ({ app: a } = await startDemoApp((x) => x.overrideProvider(REALTIME_OPTIONS).useValue(shared)));
    b = await startDemoApp((x) => x.overrideProvider(REALTIME_OPTIONS).useValue(shared));
  });
  afterAll(async () => {
    stream?.close();
    await Promise.all([a.close(), b.app.close()]);
  });

  it('a bell on instance B updates when the message is sent on instance A', async () => {
    const [tokenA, tokenB] = await Promise.all([loginAs(a, 'carol'), loginAs(b.app, 'carol')]);
    stream = await SseClient.open(`${b.url}/admin/notifications/stream`, bearer(tokenB));
    await stream.waitFor((e) => e.event === 'sync');
    const sent = await request(a.getHttpServer())
      .post('/admin/notifications/send')
      .set(bearer(tokenA))
      .send({ title: 'from A' })
      .expect(201);
    const event = await stream.waitFor((e) => e.event === 'inbox.sent');
    expect(event.data).toMatchObject({
      id: sent.body.message.id,
      title: 'from A',
      user_id: 'carol',
    });
    expect(event.data.unread_count).toBe(4);
    await request(a.getHttpServer())
      .post('/admin/notifications/read-all')
      .set(bearer(tokenA))
      .expect(200);
    const readAll = await stream.waitFor((e) => e.event === 'inbox.read_all');
    expect(readAll.data.unread_count).toBe(0);
  });
});
