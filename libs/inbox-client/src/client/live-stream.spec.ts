import {
  FakeInboxServer,
  type FakeInboxServerOptions,
} from '../../test-support/fake-inbox-server.js';
import { eventually, ManualRuntime } from '../../test-support/manual-runtime.js';
import type { ConnectionStatus, InboxClientEvents, InboxItem } from '../types.js';
import { HARD_CAP_MS } from './backoff.js';
import { HeraldInboxClient } from './herald-inbox.client.js';

/**
 * The live stream against the fake server, with timers run by the test:
 * reconnects (dropped stream, 503, restart), Last-Event-ID replay, the resync
 * after a gap, the backoff asked for, online / hidden page, and 401 handling.
 */
describe('HeraldInboxClient live stream', () => {
  let server: FakeInboxServer;
  let rt: ManualRuntime;
  let client: HeraldInboxClient;
  let tokenCalls: number;
  let statuses: ConnectionStatus[];
  let messages: InboxItem[];
  let updates: InboxClientEvents['update'][];
  let resyncs: number;

  async function setup(
    options: FakeInboxServerOptions = {},
    token?: () => string,
    idleMs = 0, // the silence watchdog is tested on its own
  ) {
    server = await FakeInboxServer.start(options);
    rt = new ManualRuntime(0.5);
    tokenCalls = 0;
    statuses = [];
    messages = [];
    updates = [];
    resyncs = 0;
    client = new HeraldInboxClient({
      baseUrl: server.baseUrl,
      token: () => {
        tokenCalls++;
        return token ? token() : server.token('ada');
      },
      runtime: rt,
      reconnect: { idleMs },
    });
    client.on('status', (s) => statuses.push(s));
    client.on('message', (m) => messages.push(m));
    client.on('update', (u) => updates.push(u));
    client.on('resync', () => resyncs++);
  }

  afterEach(async () => {
    client.disconnect();
    await server.close();
  });

  const streamRequests = () =>
    server.requests.filter((r) => r.path.startsWith('/admin/notifications/stream'));
  const live = () => eventually(() => client.status === 'live' && server.openStreams === 1);
  /** Runs retries until the stream is open again (a restart may refuse the first try). */
  const retryUntilLive = () =>
    eventually(() => {
      if (rt.waiting.length) rt.fire();
      return client.status === 'live' && server.openStreams === 1;
    });
  const offline = () => eventually(() => client.status === 'offline' && rt.waiting.length > 0);

  it('goes live, counts on sync, and emits messages and changes made elsewhere', async () => {
    await setup();
    server.send('ada', { title: 'before' });
    client.connect();
    client.connect(); // idempotent
    await live();
    expect(statuses).toEqual(['connecting', 'live']);
    await eventually(() => client.counts.all?.unread === 1);
    expect(resyncs).toBe(0); // first connect: nothing to resync

    const sent = server.send('ada', { title: 'live one', tags: ['x'] });
    server.send('bob', { title: 'not mine' });
    await eventually(() => messages.length === 1);
    expect(messages[0]).toMatchObject({ id: sent.id, title: 'live one', tags: ['x'], read: false });
    await eventually(() => client.counts.all?.unread === 2);

    // another tab reads it: the item known here changes in place
    const other = new HeraldInboxClient({
      baseUrl: server.baseUrl,
      token: () => server.token('ada'),
    });
    await other.markRead(sent.id);
    await eventually(() => updates.length === 1);
    expect(updates[0]).toEqual({ id: sent.id, change: 'read' });
    expect(messages[0].read).toBe(true);
    await other.markAll('archived');
    await eventually(() => updates.length === 2);
    expect(updates[1]).toEqual({ change: 'archived', count: 2 });
    await other.remove(sent.id);
    await eventually(() => updates.length === 3);
    expect(updates[2]).toEqual({ id: sent.id, change: 'deleted' });
    await eventually(() => client.counts.all?.total === 0);

    client.disconnect();
    expect(client.status).toBe('idle');
    await eventually(() => server.openStreams === 0);
  });

  it('reconnects after the server closes the stream and replays what it missed from Last-Event-ID', async () => {
    await setup();
    client.connect();
    await live();
    const first = server.send('ada', { title: 'a' });
    await eventually(() => messages.length === 1);
    server.dropStreams();
    await offline();
    expect(rt.waiting).toEqual([500]); // 0.5 × 1000: the first step of the backoff
    const missed = [server.send('ada', { title: 'b' }), server.send('ada', { title: 'c' })];
    rt.fire();
    await live();
    await eventually(() => messages.length === 3);
    expect(messages.map((m) => m.id)).toEqual([first.id, ...missed.map((m) => m.id)]);
    expect(streamRequests().at(-1)!.headers['last-event-id']).toMatch(/-1$/);
    expect(resyncs).toBe(0);
    expect(statuses).toEqual(['connecting', 'live', 'offline', 'live']);
  });

  it('reconnects after a 503 with growing delays, and after a restart resyncs with nothing lost or doubled', async () => {
    await setup();
    const listed = server.send('ada', { title: 'listed' });
    await client.list();
    client.connect();
    await live();
    expect(resyncs).toBe(1); // it had listed before the stream opened: a gap is possible
    const live1 = server.send('ada', { title: 'live' });
    await eventually(() => messages.length === 1);

    server.failNext(2, 503, (_m, path) => path.endsWith('/stream'));
    server.dropStreams();
    await offline();
    rt.fire();
    await eventually(() => rt.waiting.length === 1 && streamRequests().length === 2);
    rt.fire();
    await eventually(() => rt.waiting.length === 1 && streamRequests().length === 3);
    expect(rt.delays).toEqual([500, 1000, 2000]);
    rt.fire();
    await live();
    expect(resyncs).toBe(1); // replayed, no gap

    let during: string | undefined;
    await server.restart(() => {
      during = server.send('ada', { title: 'while down' }).id;
    });
    await offline();
    const counted = client.counts.all?.total;
    await retryUntilLive();
    await eventually(() => resyncs === 2);
    await eventually(() => client.counts.all?.total === 3);
    expect(counted).toBe(2);
    // the element refetches on resync: every message exactly once, the one sent while down included
    const { items } = await client.list();
    const shown = [...new Set([...items.map((i) => i.id), ...messages.map((m) => m.id)])];
    expect(items.map((i) => i.id).sort()).toEqual([listed.id, live1.id, during!].sort());
    expect(shown).toHaveLength(3);
    expect(messages.map((m) => m.id)).toEqual([live1.id]); // nothing replayed twice
  });

  it('resyncs when the gap is older than the replay buffer, then emits live messages again', async () => {
    await setup({ replay: 2 });
    client.connect();
    await live();
    await client.refreshCounts();
    server.dropStreams();
    await offline();
    const gap = Array.from({ length: 5 }, (_, i) => server.send('ada', { title: `gap ${i}` }).id);
    rt.fire();
    await live();
    await eventually(() => resyncs === 1 && client.counts.all?.unread === 5);
    expect(messages).toEqual([]); // not replayed: the resync tells the page to refetch
    expect((await client.list()).items.map((i) => i.id).sort()).toEqual([...gap].sort());
    const after = server.send('ada', { title: 'after' });
    await eventually(() => messages.length === 1);
    expect(messages[0].id).toBe(after.id);
  });

  it('grows the delay to 30 s on a dropped stream, and to the 10-minute cap after repeated hard failures', async () => {
    await setup();
    rt.draw = 0.999;
    server.failNext(9, 503, (_m, path) => path.endsWith('/stream'));
    client.connect();
    for (let i = 1; i <= 8; i++) {
      await eventually(() => rt.waiting.length === 1 && streamRequests().length === i);
      rt.fire();
    }
    await eventually(() => rt.waiting.length === 1);
    expect(rt.delays).toEqual([999, 1998, 3996, 7992, 15984, 29970, 29970, 29970, 29970]);
    expect(client.status).toBe('offline');
    expect(statuses).toEqual(['connecting', 'offline']);
    client.disconnect();
    expect(rt.waiting).toEqual([]);

    // 404: a server without the route. Hard: the cap is 10 minutes.
    const before = streamRequests().length;
    rt.delays.length = 0;
    server.failNext(14, 404, (_m, path) => path.endsWith('/stream'));
    client.connect();
    for (let i = 1; i <= 12; i++) {
      await eventually(() => rt.waiting.length === 1 && streamRequests().length === before + i);
      rt.fire();
    }
    expect(Math.max(...rt.delays)).toBeGreaterThan(30_000);
    expect(rt.delays.at(-1)).toBe(Math.floor(0.999 * HARD_CAP_MS));
  });

  it('reopens a stream silent for idleMs (dropped unseen on the way) and replays what it missed', async () => {
    await setup({}, undefined, 60_000);
    client.connect();
    await live();
    expect(rt.waiting).toEqual([60_000]);
    server.send('ada', { title: 'heard' });
    await eventually(() => messages.length === 1);
    expect(rt.waiting).toEqual([60_000]); // armed again, not stacked
    rt.fire(60_000);
    expect(client.status).toBe('offline');
    expect(rt.waiting).toEqual([500]);
    const missed = server.send('ada', { title: 'missed' });
    rt.fire(500);
    await live();
    await eventually(() => messages.length === 2);
    expect(messages[1].id).toBe(missed.id);
    expect(streamRequests()).toHaveLength(2);
    client.disconnect();
    expect(rt.waiting).toEqual([]);
  });

  it('retries at once when the browser comes back online', async () => {
    await setup();
    client.connect();
    await live();
    server.failNext(1, 503, (_m, path) => path.endsWith('/stream'));
    server.dropStreams();
    await offline();
    rt.fire();
    await eventually(() => streamRequests().length === 2 && rt.waiting.length === 1);
    expect(rt.waiting).toEqual([1000]);
    rt.goOnline();
    await live();
    expect(rt.waiting).toEqual([]); // the pending retry was replaced, not doubled
    expect(streamRequests()).toHaveLength(3);
  });

  it('closes the stream after the page is hidden for hiddenMs, also mid-retry, and reopens when shown', async () => {
    await setup();
    client.connect();
    await live();
    server.send('ada', { title: 'seen live' });
    await eventually(() => messages.length === 1);
    rt.setVisibility('hidden');
    expect(rt.waiting).toEqual([30_000]);
    rt.setVisibility('visible');
    expect(rt.waiting).toEqual([]); // shown again in time: nothing happens
    rt.setVisibility('hidden');
    rt.fire(30_000);
    await eventually(() => server.openStreams === 0);
    expect(client.status).toBe('offline');
    const missed = server.send('ada', { title: 'while hidden' });
    rt.setVisibility('visible');
    await live();
    await eventually(() => messages.length === 2);
    expect(messages[1].id).toBe(missed.id);
    expect(resyncs).toBe(0);

    // parked while a retry was pending: the retry timer goes too
    server.failNext(1, 503, (_m, path) => path.endsWith('/stream'));
    server.dropStreams();
    await offline();
    rt.setVisibility('hidden');
    rt.fire(30_000);
    expect(rt.waiting).toEqual([]);
    const requests = streamRequests().length;
    rt.goOnline(); // parked: online does not wake it
    expect(streamRequests()).toHaveLength(requests);
    rt.setVisibility('visible');
    await eventually(() => streamRequests().length === requests + 1);
  });

  it('on 401 asks for a token once and retries once; then unauthorized, with no retry loop', async () => {
    const issued: string[] = [];
    await setup({}, () => {
      const t = server.token('ada');
      issued.push(t);
      server.revoke(t); // every token is refused
      return t;
    });
    client.connect();
    await eventually(() => client.status === 'unauthorized');
    expect(tokenCalls).toBe(2);
    expect(streamRequests().map((r) => r.headers.authorization)).toEqual(
      issued.map((t) => `Bearer ${t}`),
    );
    expect(rt.waiting).toEqual([]);
    expect(statuses).toEqual(['connecting', 'unauthorized']);
  });

  it('goes live with the refreshed token when the first one has expired, and can connect again after unauthorized', async () => {
    let calls = 0;
    let refuse = false;
    await setup({}, () => {
      const t = server.token('ada');
      if (++calls === 1 || refuse) server.revoke(t); // the first one has expired
      return t;
    });
    client.connect();
    await live();
    expect(tokenCalls).toBe(2);
    expect(streamRequests()).toHaveLength(2);

    // the session ends: every token refused, so unauthorized and no retry timer
    refuse = true;
    server.revoke();
    server.dropStreams();
    await offline();
    rt.fire();
    await eventually(() => client.status === 'unauthorized');
    expect(rt.waiting).toEqual([]);
    // the app signs in again and calls connect(): live once more
    refuse = false;
    client.connect();
    await live();
    expect(statuses.slice(-4)).toEqual(['offline', 'unauthorized', 'connecting', 'live']);
  });
});
