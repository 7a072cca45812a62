import { FakeInboxServer } from '../../test-support/fake-inbox-server.js';
import type { InboxClientEvents, InboxTab } from '../types.js';
import { HeraldInboxClient } from './herald-inbox.client.js';
import { InboxRequestError } from './inbox-request.error.js';

const TABS: InboxTab[] = [
  { id: 'all', label: 'All' },
  { id: 'unread', label: 'Unread', filter: { read: false } },
  { id: 'billing', label: 'Billing', filter: { tags: ['billing'] } },
  { id: 'archived', label: 'Archived', filter: { status: 'archived' } },
];

describe('HeraldInboxClient over REST (fake inbox server)', () => {
  let server: FakeInboxServer;
  let client: HeraldInboxClient;
  let tokenCalls: number;
  let errors: InboxClientEvents['error'][];

  function clientFor(
    userId: string,
    extra: Partial<ConstructorParameters<typeof HeraldInboxClient>[0]> = {},
  ) {
    const c = new HeraldInboxClient({
      baseUrl: server.baseUrl,
      tabs: TABS,
      token: () => {
        tokenCalls++;
        return server.token(userId);
      },
      ...extra,
    });
    c.on('error', (e) => errors.push(e));
    return c;
  }

  beforeEach(async () => {
    server = await FakeInboxServer.start();
    tokenCalls = 0;
    errors = [];
    client = clientFor('ada');
  });

  afterEach(async () => {
    client.disconnect();
    await server.close();
  });

  function seed(): string[] {
    const t0 = Date.now() - 60_000;
    return [
      server.send('ada', { title: 'one', createdAt: new Date(t0) }),
      server.send('ada', { title: 'two', tags: ['billing'], createdAt: new Date(t0 + 1000) }),
      server.send('ada', {
        title: 'three',
        body: 'with actions',
        severity: 'high',
        data: { order: 7 },
        actions: [
          { label: 'Approve', actionId: 'approve' },
          { label: 'Open', url: 'https://example.com/o/7' },
        ],
        createdAt: new Date(t0 + 2000),
      }),
      server.send('bob', { title: 'not ada', createdAt: new Date(t0 + 3000) }),
    ].map((m) => m.id);
  }

  it('lists newest first as camelCase items, pages with the cursor, and filters per tab', async () => {
    const [one, two, three] = seed();
    const first = await client.list({ limit: 2 });
    expect(first.items.map((i) => i.id)).toEqual([three, two]);
    expect(first).toMatchObject({ unreadCount: 3, unseenCount: 3 });
    expect(first.items[0]).toEqual({
      id: three,
      title: 'three',
      body: 'with actions',
      category: null,
      actionUrl: null,
      data: { order: 7 },
      read: false,
      seen: false,
      archived: false,
      snoozedUntil: null,
      tags: [],
      severity: 'high',
      actions: [
        { label: 'Approve', actionId: 'approve' },
        { label: 'Open', url: 'https://example.com/o/7' },
      ],
      createdAt: expect.any(Date),
    });
    const second = await client.list({ limit: 2, cursor: first.nextCursor });
    expect(second.items.map((i) => i.id)).toEqual([one]);
    expect(second.nextCursor).toBeUndefined();

    const billing = await client.list({ tab: 'billing' });
    expect(billing.items.map((i) => i.id)).toEqual([two]);
    expect(server.requests.at(-1)!.path).toBe('/admin/notifications/inbox?tags=billing');
    const high = await client.list({ filter: { severity: ['high', 'critical'], read: false } });
    expect(high.items.map((i) => i.id)).toEqual([three]);
    expect(server.requests.at(-1)!.path).toBe(
      '/admin/notifications/inbox?severity=high%2Ccritical&read=false',
    );
  });

  it('refuses a tab that is not configured and a limit that is not a positive integer, naming them', async () => {
    await expect(client.list({ tab: 'nope' })).rejects.toThrow(
      /tab must be one of the configured tabs \(all, unread, billing, archived\)/,
    );
    await expect(client.list({ limit: 0 })).rejects.toThrow(/limit must be a positive integer/);
    expect(() => new HeraldInboxClient({ baseUrl: '' })).toThrow(/baseUrl/);
    expect(
      () =>
        new HeraldInboxClient({
          baseUrl: '/x',
          tabs: [
            { id: 'a', label: 'A' },
            { id: 'a', label: 'B' },
          ],
        }),
    ).toThrow(/tabs\[\]\.id must be a unique/);
    expect(() => new HeraldInboxClient({ baseUrl: '/x', reconnect: { initialMs: 0 } })).toThrow(
      /reconnect\.initialMs must be at least 1/,
    );
    expect(
      () => new HeraldInboxClient({ baseUrl: '/x', reconnect: { maxMs: Number.NaN } }),
    ).toThrow(/reconnect\.maxMs must be a number of milliseconds/);
    expect(() => new HeraldInboxClient({ baseUrl: '/x', credentials: 'all' as 'include' })).toThrow(
      /credentials must be 'omit', 'same-origin' or 'include'/,
    );
    expect(server.requests).toEqual([]);
  });

  it('counts every configured tab in one request and emits them', async () => {
    const [, two] = seed();
    await client.archive(two);
    const seen: InboxClientEvents['counts'][] = [];
    client.on('counts', (c) => seen.push(c));
    const counts = await client.refreshCounts();
    expect(counts).toEqual({
      all: { unread: 2, unseen: 2, total: 2 },
      unread: { unread: 2, unseen: 2, total: 2 },
      billing: { unread: 0, unseen: 0, total: 0 },
      archived: { unread: 1, unseen: 1, total: 1 },
    });
    expect(client.counts).toEqual(counts);
    expect(seen.at(-1)).toEqual(counts);
    const request = server.requests.filter((r) => r.path.endsWith('/counts')).at(-1)!;
    expect(request.body).toEqual({
      tabs: {
        all: {},
        unread: { read: false },
        billing: { tags: ['billing'] },
        archived: { status: 'archived' },
      },
    });
  });

  it('changes a message at once (item in place, counts), then on the server', async () => {
    const [one, two] = seed();
    const { items } = await client.list();
    await client.refreshCounts();
    const item = items.find((i) => i.id === two)!;
    const updates: InboxClientEvents['update'][] = [];
    client.on('update', (u) => updates.push(u));

    const read = client.markRead(two);
    expect(item).toMatchObject({ read: true, seen: true });
    expect(client.counts.all).toEqual({ unread: 2, unseen: 2, total: 3 });
    expect(client.counts.unread).toEqual({ unread: 2, unseen: 2, total: 2 });
    expect(client.counts.billing).toEqual({ unread: 0, unseen: 0, total: 1 });
    await read;
    expect(server.stored('ada').find((m) => m.id === two)!.readAt).toBeInstanceOf(Date);
    expect(updates).toEqual([{ id: two, change: 'read' }]);

    await client.markUnread(two);
    expect(item.read).toBe(false);
    expect(server.stored('ada').find((m) => m.id === two)!.readAt).toBeNull();

    await client.markSeen(one);
    expect(server.stored('ada').find((m) => m.id === one)!.seenAt).toBeInstanceOf(Date);

    const archive = client.archive(two);
    expect(client.counts.archived.total).toBe(1);
    expect(client.counts.all.total).toBe(2);
    await archive;
    expect(item.archived).toBe(true);
    await client.unarchive(two);
    expect(server.stored('ada').find((m) => m.id === two)!.archivedAt).toBeNull();

    const until = new Date(Date.now() + 3_600_000);
    await client.snooze(two, until);
    expect(item.snoozedUntil).toEqual(until);
    expect(server.stored('ada').find((m) => m.id === two)!.snoozedUntil).toEqual(until);
    expect((await client.list()).items.map((i) => i.id)).not.toContain(two);
    expect((await client.list({ filter: { status: 'snoozed' } })).items.map((i) => i.id)).toEqual([
      two,
    ]);
    await client.unsnooze(two);
    expect(server.stored('ada').find((m) => m.id === two)!.snoozedUntil).toBeNull();

    const removal = client.remove(one);
    expect(client.counts.all.total).toBe(2);
    await removal;
    expect(server.stored('ada').map((m) => m.id)).not.toContain(one);
    expect(updates.map((u) => u.change)).toEqual([
      'read',
      'unread',
      'seen',
      'archived',
      'unarchived',
      'snoozed',
      'unsnoozed',
      'deleted',
    ]);
    expect(errors).toEqual([]);
  });

  it('refuses a snooze time that is not a future Date, before any request', async () => {
    const [one] = seed();
    const before = server.requests.length;
    await expect(client.snooze(one, new Date(Date.now() - 1000))).rejects.toThrow(
      /until must be a valid Date in the future/,
    );
    await expect(client.snooze(one, new Date('nope'))).rejects.toThrow(/until/);
    await expect(client.markRead('')).rejects.toThrow(/id must be a non-empty string/);
    expect(server.requests.length).toBe(before);
  });

  it('marks all of a tab seen, read or archived and says how many changed', async () => {
    seed();
    await client.list();
    await client.refreshCounts();
    const read = client.markAll('read', 'billing');
    expect(client.counts.billing.unread).toBe(0);
    expect(client.counts.all.unread).toBe(2);
    await expect(read).resolves.toBe(1);
    expect(server.requests.find((r) => r.path.endsWith('/bulk/read'))!.body).toEqual({
      filter: { tags: ['billing'] },
    });
    await expect(client.markAll('seen')).resolves.toBe(2);
    expect(server.stored('ada').every((m) => m.seenAt)).toBe(true);
    await expect(client.markAll('archived', 'all')).resolves.toBe(3);
    expect(server.stored('ada').every((m) => m.archivedAt)).toBe(true);
    await expect(client.markAll('deleted' as 'read')).rejects.toThrow(
      /change must be 'seen', 'read' or 'archived'/,
    );
  });

  it("runs a message's action on the server; an unknown action is the server's 404", async () => {
    const [, , three] = seed();
    await client.runAction(three, 'approve');
    expect(server.actionsRun).toEqual([{ userId: 'ada', messageId: three, actionId: 'approve' }]);
    const error = await client.runAction(three, 'reject').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxRequestError);
    expect(error).toMatchObject({ status: 404, operation: 'runAction' });
    expect((error as Error).message).toContain('has no action reject');
  });

  it('reads and changes preferences', async () => {
    const topics = await client.preferences();
    expect(topics.map((t) => t.category)).toEqual(['billing', 'security']);
    expect(topics[0].channels).toContainEqual({ channel: 'sms', enabled: true });
    await client.setPreference('billing', 'sms', false);
    expect((await client.preferences())[0].channels).toContainEqual({
      channel: 'sms',
      enabled: false,
    });
    await expect(client.setPreference('billing', 'pigeon', true)).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      client.setPreference('billing', 'sms', 'no' as unknown as boolean),
    ).rejects.toThrow(/enabled must be true or false/);
  });

  it('rolls an optimistic change back, with an error event, when the server refuses it', async () => {
    const [one, two] = seed();
    const { items } = await client.list();
    await client.refreshCounts();
    const counts = structuredClone(client.counts);
    const item = items.find((i) => i.id === two)!;
    server.failNext(1, 500, (method, path) => path.endsWith(`/${two}/read`));
    const failing = client.markRead(two);
    expect(item.read).toBe(true);
    await expect(failing).rejects.toMatchObject({ status: 500, operation: 'read' });
    expect(item).toMatchObject({ read: false, seen: false });
    expect(client.counts).toEqual(counts);
    expect(errors).toEqual([{ operation: 'read', error: expect.any(InboxRequestError) }]);
    expect(server.stored('ada').find((m) => m.id === two)!.readAt).toBeNull();

    server.failNext(1, 503, (method) => method === 'DELETE');
    await expect(client.remove(one)).rejects.toMatchObject({ status: 503 });
    expect(client.counts).toEqual(counts);
    await client.markRead(one); // still known: changed in place after the failed removal
    expect(items.find((i) => i.id === one)!.read).toBe(true);

    server.failNext(1, 500, (_m, path) => path.endsWith('/bulk/read'));
    await expect(client.markAll('read')).rejects.toMatchObject({ status: 500 });
    expect(
      items
        .filter((i) => !i.read)
        .map((i) => i.id)
        .sort(),
    ).toEqual(
      items
        .filter((i) => i.id !== one)
        .map((i) => i.id)
        .sort(),
    );
    expect(errors.map((e) => e.operation)).toEqual(['read', 'remove', 'markAll']);
  });

  it('reports a request that got no answer as status 0', async () => {
    await server.close();
    const error = await client.preferences().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, operation: 'preferences' });
    server = await FakeInboxServer.start();
  });

  it('sends the token as a bearer; after a 401 asks for a new one once and retries once', async () => {
    let issued: string[] = [];
    const c = clientFor('ada', {
      token: () => {
        tokenCalls++;
        const t = server.token('ada');
        issued.push(t);
        return t;
      },
    });
    seed();
    await c.list();
    await c.refreshCounts();
    expect(tokenCalls).toBe(1);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${issued[0]}`);
    server.revoke(issued[0]);
    await c.list();
    expect(tokenCalls).toBe(2);
    expect(server.requests.at(-1)!.headers.authorization).toBe(`Bearer ${issued[1]}`);

    // a token callback whose tokens never work: two calls, two requests, then the error
    issued = [];
    const before = server.requests.length;
    const refused = new HeraldInboxClient({
      baseUrl: server.baseUrl,
      token: () => {
        tokenCalls++;
        return 'forged-token-value';
      },
    });
    tokenCalls = 0;
    const error = await refused.list().catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401, operation: 'list' });
    expect(tokenCalls).toBe(2);
    expect(server.requests.length - before).toBe(2);
    expect((error as Error).message).not.toContain('forged-token-value');
  });

  it('uses the cookie session when no token callback is given, with the credentials mode asked for', async () => {
    server.sessionUser = 'ada';
    seed();
    const modes: Array<RequestInit['credentials']> = [];
    const c = new HeraldInboxClient({
      baseUrl: server.baseUrl,
      credentials: 'include',
      fetch: (input, init) => {
        modes.push(init?.credentials);
        return fetch(input, init);
      },
    });
    expect((await c.list()).items).toHaveLength(3);
    expect(server.requests.at(-1)!.headers.authorization).toBeUndefined();
    expect(modes).toEqual(['include']);
    server.sessionUser = undefined;
    await expect(c.list()).rejects.toMatchObject({ status: 401 });
    expect(modes).toHaveLength(2); // no token to refresh: no retry
  });
});
