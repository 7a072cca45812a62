import { EventEmitter2 } from '@nestjs/event-emitter';
import { InboxConfig, type InboxFilter, type InboxMessage } from '@herald/contracts';
import { openTestBackend, type TestBackend } from './__fixtures__/inbox-test-backends.js';
import { InboxError } from './errors/inbox.error.js';
import { INBOX_ACTION_EVENT, INBOX_UPDATED_EVENT } from './inbox.events.js';
import { InboxService } from './inbox.service.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The model of issue 24 (seen, archive, snooze, tags, severity, actions, filters, counts) on every store. */
describe.each(['memory', 'sqlite', 'postgres'] as const)('inbox model on the %s store', (kind) => {
  let backend: TestBackend;
  let events: EventEmitter2;
  let emitted: Array<[string, unknown]>;
  let clock: number;
  let inbox: InboxService;
  const user = (name: string) => `${name}-${kind}-${Math.random().toString(36).slice(2, 8)}`;

  beforeAll(async () => {
    backend = await openTestBackend(kind);
  });
  afterAll(async () => {
    await backend.close();
  });
  beforeEach(() => {
    clock = Date.UTC(2026, 0, 1);
    events = new EventEmitter2();
    emitted = [];
    for (const name of [INBOX_UPDATED_EVENT, INBOX_ACTION_EVENT])
      events.on(name, (payload: unknown) => emitted.push([name, payload]));
    inbox = new InboxService(backend.store, {
      config: new InboxConfig({ maxPageSize: 50, retentionDays: 2 }),
      events,
      now: () => new Date(clock),
    });
  });

  /** Sends `titles` one millisecond apart (oldest first). */
  const sendAll = async (
    userId: string,
    specs: Array<string | ({ title: string } & Parameters<InboxService['send']>[1])>,
  ) => {
    const sent: InboxMessage[] = [];
    for (const spec of specs) {
      clock += 1;
      sent.push(await inbox.send(userId, typeof spec === 'string' ? { title: spec } : spec));
    }
    return sent;
  };
  const titles = async (userId: string, filter?: InboxFilter) =>
    (await inbox.getInbox(userId, { filter })).notifications.map((m) => m.title);

  it('stores tags, severity, actions and data; the states start empty', async () => {
    const alice = user('alice');
    const [plain, rich] = await sendAll(alice, [
      'plain',
      {
        title: 'rich',
        tags: ['ci', 'deploy', 'ci'],
        severity: 'critical',
        actions: [
          { label: 'Open', url: '/builds/7' },
          { label: 'Retry', actionId: 'retry' },
        ],
        data: { build: 7, nested: { ok: true } },
      },
    ]);
    expect(plain).toMatchObject({
      tags: [],
      severity: 'normal',
      actions: [],
      seenAt: null,
      archivedAt: null,
      snoozedUntil: null,
    });
    expect(rich).toMatchObject({ tags: ['ci', 'deploy'], severity: 'critical' });
    expect(await inbox.findOne(alice, rich.id)).toEqual(rich);
    expect((await inbox.getInbox(alice)).notifications).toEqual([rich, plain]);
  });

  it.each([
    ['tags', { tags: 'ci' }, /inbox tags 'ci' is invalid; pass an array of 0 to 10 tags/],
    ['tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, /0 to 10 tags/],
    ['tags[1]', { tags: ['ok', ''] }, /inbox tags\[1\] '' is invalid; pass a string of 1 to 64/],
    ['tags[0]', { tags: ['x'.repeat(65)] }, /1 to 64 characters/],
    ['tags[0]', { tags: ['a\u0000b'] }, /tags\[0\] must not contain control characters \(U\+0000/],
    ['severity', { severity: 'urgent' }, /severity 'urgent' is invalid; use one of low, normal/],
    ['actions', { actions: [{}, {}, {}] }, /at most two actions/],
    ['actions[0].label', { actions: [{ label: '', url: '/x' }] }, /label '' is invalid/],
    ['actions[0]', { actions: [{ label: 'Go' }] }, /exactly one of url .* or actionId/],
    ['actions[0]', { actions: [{ label: 'Go', url: '/x', actionId: 'x' }] }, /exactly one/],
    ['actions[0].actionId', { actions: [{ label: 'Go', actionId: 'a b' }] }, /_ \. : -/],
    ['actions[0].url', { actions: [{ label: 'Go', url: '/x\u0007' }] }, /U\+0007/],
    [
      'actions[0]',
      { actions: [{ label: 'Go', url: '/x', 'colo\u0000ur': 1 }] },
      /has the unknown field 'colo\\u0000ur'; use label, url, actionId/,
    ],
    [
      'actions[1].actionId',
      {
        actions: [
          { label: 'A', actionId: 'same' },
          { label: 'B', actionId: 'same' },
        ],
      },
      /repeats actions\[0\]/,
    ],
  ])('send refuses a bad %s with an InboxError naming it', async (field, bad, message) => {
    const error = await inbox
      .send(user('bad'), { title: 't', ...(bad as object) })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxError);
    expect(error).toMatchObject({ field, code: 'INBOX_INVALID_INPUT' });
    expect((error as Error).message).toMatch(message);
    expect((error as Error).message).not.toContain('\u0000');
  });

  it('seen apart from read: read implies seen, unread keeps seen; each change once', async () => {
    const alice = user('alice');
    const [a, b] = await sendAll(alice, ['a', 'b']);
    clock += 1000;
    expect(await inbox.markSeen(alice, a.id)).toBe(true);
    const seenAt = new Date(clock);
    clock += 1000;
    expect(await inbox.markSeen(alice, a.id)).toBe(false);
    expect(await inbox.markRead(alice, b.id)).toBe(true);
    const readB = (await inbox.findOne(alice, b.id))!;
    expect(readB.seenAt).toEqual(readB.readAt);
    expect(await inbox.markRead(alice, a.id)).toBe(true);
    expect((await inbox.findOne(alice, a.id))!.seenAt).toEqual(seenAt);
    expect(await inbox.markUnread(alice, a.id)).toBe(true);
    expect(await inbox.markUnread(alice, a.id)).toBe(false);
    expect(await inbox.findOne(alice, a.id)).toMatchObject({ readAt: null, seenAt });
    const page = await inbox.getInbox(alice);
    expect([page.unreadCount, page.unseenCount]).toEqual([1, 0]);
    expect(emitted).toEqual([
      [INBOX_UPDATED_EVENT, { userId: alice, messageId: a.id, change: 'seen' }],
      [INBOX_UPDATED_EVENT, { userId: alice, messageId: a.id, change: 'unread' }],
    ]);
  });

  it('archive leaves the default list for the archived one; unarchive brings it back in place', async () => {
    const alice = user('alice');
    const [a, b, c] = await sendAll(alice, ['a', 'b', 'c']);
    expect(await inbox.archive(alice, b.id)).toBe(true);
    expect(await inbox.archive(alice, b.id)).toBe(false);
    expect(await titles(alice)).toEqual(['c', 'a']);
    expect(await titles(alice, { status: 'archived' })).toEqual(['b']);
    expect(await titles(alice, { status: 'all' })).toEqual(['c', 'b', 'a']);
    expect(await inbox.countUnread(alice)).toBe(2);
    expect((await inbox.getInbox(alice)).unseenCount).toBe(2);
    expect((await inbox.findOne(alice, b.id))!.archivedAt).toEqual(new Date(clock));
    expect(await inbox.unarchive(alice, b.id)).toBe(true);
    expect(await inbox.unarchive(alice, b.id)).toBe(false);
    expect(await titles(alice)).toEqual(['c', 'b', 'a']);
    expect([a, c].map((m) => m.archivedAt)).toEqual([null, null]);
    expect(emitted.map(([, p]) => (p as { change: string }).change)).toEqual([
      'archived',
      'unarchived',
    ]);
  });

  it('snooze hides a message until then, then lists it on top; no cap on the time', async () => {
    const alice = user('alice');
    const [a, b] = await sendAll(alice, ['a', 'b']);
    const until = new Date(clock + HOUR);
    expect(await inbox.snooze(alice, a.id, until)).toBe(true);
    expect(await inbox.snooze(alice, a.id, until)).toBe(false);
    expect(await titles(alice)).toEqual(['b']);
    expect(await titles(alice, { status: 'snoozed' })).toEqual(['a']);
    expect(await inbox.countUnread(alice)).toBe(1);
    clock += HOUR / 2;
    await sendAll(alice, ['c']);
    clock += HOUR / 2; // the snooze ends: a is back, above c which came while it slept
    expect(await titles(alice)).toEqual(['a', 'c', 'b']);
    expect(await titles(alice, { status: 'snoozed' })).toEqual([]);
    expect((await inbox.findOne(alice, a.id))!.snoozedUntil).toEqual(until);
    expect(await inbox.unsnooze(alice, a.id)).toBe(false);
    // years ahead: kept past its retention until it wakes up, then for retention_days
    const far = new Date(Date.UTC(2040, 0, 1));
    expect(await inbox.snooze(alice, b.id, far)).toBe(true);
    clock += 10 * DAY;
    expect(await inbox.purgeExpired()).toBeGreaterThan(0); // a and c expired
    expect(await titles(alice, { status: 'snoozed' })).toEqual(['b']);
    expect((await inbox.findOne(alice, b.id))!.expiresAt).toEqual(
      new Date(far.getTime() + 2 * DAY),
    );
    expect(emitted.map(([, p]) => (p as { change: string }).change)).toEqual([
      'snoozed',
      'snoozed',
    ]);
  });

  it('a snooze to the last time a Date can hold keeps the message until then', async () => {
    const alice = user('alice');
    const [a] = await sendAll(alice, ['a']);
    const end = new Date(8.64e15);
    expect(await inbox.snooze(alice, a.id, end)).toBe(true);
    expect(await inbox.findOne(alice, a.id)).toMatchObject({ snoozedUntil: end, expiresAt: end });
    const page = await inbox.getInbox(alice, { filter: { status: 'snoozed' }, limit: 1 });
    expect(page.notifications.map((m) => m.id)).toEqual([a.id]);
  });

  it('unsnooze ends a snooze now and lists the message on top', async () => {
    const alice = user('alice');
    const [a] = await sendAll(alice, ['a', 'b']);
    expect(await inbox.snooze(alice, a.id, new Date(clock + DAY))).toBe(true);
    clock += 1000;
    await sendAll(alice, ['c']);
    clock += 1000;
    expect(await inbox.unsnooze(alice, a.id)).toBe(true);
    expect(await inbox.unsnooze(alice, a.id)).toBe(false);
    expect(await titles(alice)).toEqual(['a', 'c', 'b']);
    expect((await inbox.findOne(alice, a.id))!.snoozedUntil).toBeNull();
  });

  it('snooze refuses a time that is not a future Date, naming until', async () => {
    const alice = user('alice');
    const [a] = await sendAll(alice, ['a']);
    for (const until of [new Date(clock), new Date(clock - 1), new Date(Number.NaN), '2030-01-01'])
      await expect(inbox.snooze(alice, a.id, until as Date)).rejects.toMatchObject({
        field: 'until',
        code: 'INBOX_INVALID_INPUT',
      });
    await expect(inbox.snooze(alice, a.id, new Date(clock - 1))).rejects.toThrow(
      /inbox until 2026-01-01T00:00:00.000Z is not in the future; pass a later time/,
    );
  });

  it('filters by read, seen, tags (any of) and severity (any of), combined', async () => {
    const alice = user('alice');
    const sent = await sendAll(alice, [
      { title: 'a', tags: ['ci'], severity: 'low' },
      { title: 'b', tags: ['deploy'], severity: 'high' },
      { title: 'c', tags: ['ci', 'deploy'], severity: 'critical' },
      { title: 'd' },
      { title: 'e', tags: ['billing'], severity: 'high' },
    ]);
    await inbox.markRead(alice, sent[1].id);
    await inbox.markSeen(alice, sent[3].id);
    await inbox.archive(alice, sent[4].id);
    expect(await titles(alice, { tags: ['ci'] })).toEqual(['c', 'a']);
    expect(await titles(alice, { tags: ['deploy', 'billing'] })).toEqual(['c', 'b']);
    expect(await titles(alice, { tags: ['billing'], status: 'all' })).toEqual(['e']);
    expect(await titles(alice, { severity: ['high', 'critical'] })).toEqual(['c', 'b']);
    expect(await titles(alice, { severity: ['normal'] })).toEqual(['d']);
    expect(await titles(alice, { read: false })).toEqual(['d', 'c', 'a']);
    expect(await titles(alice, { read: true })).toEqual(['b']);
    expect(await titles(alice, { seen: false })).toEqual(['c', 'a']);
    expect(await titles(alice, { seen: true, read: false })).toEqual(['d']);
    expect(await titles(alice, { tags: ['deploy'], read: false, severity: ['critical'] })).toEqual([
      'c',
    ]);
    expect(await titles(alice, { tags: ['nope'] })).toEqual([]);
    const unread = await inbox.getInbox(alice, { unreadOnly: true, filter: { tags: ['ci'] } });
    expect(unread.notifications.map((m) => m.title)).toEqual(['c', 'a']);
  });

  it('pages each filter by keyset: every matching message once, newest listed first', async () => {
    const alice = user('alice');
    const specs = Array.from({ length: 23 }, (_, i) => ({
      title: `m${i}`,
      tags: i % 2 ? ['odd'] : ['even'],
    }));
    const sent = await sendAll(alice, specs);
    await inbox.snooze(alice, sent[3].id, new Date(clock + 10)); // wakes up on top
    for (const i of [5, 8, 11]) await inbox.archive(alice, sent[i].id);
    await inbox.markRead(alice, sent[7].id);
    clock += 20;
    const walk = async (filter: InboxFilter) => {
      const out: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await inbox.getInbox(alice, { limit: 4, cursor, filter });
        out.push(...page.notifications.map((m) => m.title));
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };
    const expected = (keep: (i: number) => boolean) => [
      ...(keep(3) ? ['m3'] : []),
      ...sent
        .map((_, i) => i)
        .reverse()
        .filter((i) => i !== 3 && keep(i))
        .map((i) => `m${i}`),
    ];
    const archived = (i: number) => [5, 8, 11].includes(i);
    expect(await walk({})).toEqual(expected((i) => !archived(i)));
    expect(await walk({ tags: ['odd'] })).toEqual(expected((i) => i % 2 === 1 && !archived(i)));
    expect(await walk({ read: false })).toEqual(expected((i) => i !== 7 && !archived(i)));
    expect(await walk({ status: 'archived' })).toEqual(['m11', 'm8', 'm5']);
    expect(await walk({ status: 'all' })).toEqual(expected(() => true));
  });

  it('counts several tabs at once: unread, unseen and total of each', async () => {
    const alice = user('alice');
    const sent = await sendAll(alice, [
      { title: 'a', tags: ['ci'] },
      { title: 'b', tags: ['ci'], severity: 'high' },
      { title: 'c', tags: ['deploy'] },
      { title: 'd' },
    ]);
    await inbox.markRead(alice, sent[0].id);
    await inbox.markSeen(alice, sent[1].id);
    await inbox.archive(alice, sent[2].id);
    await inbox.snooze(alice, sent[3].id, new Date(clock + HOUR));
    await sendAll(user('bob'), [{ title: 'x', tags: ['ci'] }]);
    const counts = await inbox.counts(alice, {
      inbox: {},
      ci: { tags: ['ci'] },
      urgent: { severity: ['high', 'critical'] },
      archived: { status: 'archived' },
      snoozed: { status: 'snoozed' },
      all: { status: 'all' },
    });
    expect(counts).toEqual({
      inbox: { unread: 1, unseen: 0, total: 2 },
      ci: { unread: 1, unseen: 0, total: 2 },
      urgent: { unread: 1, unseen: 0, total: 1 },
      archived: { unread: 1, unseen: 1, total: 1 },
      snoozed: { unread: 1, unseen: 1, total: 1 },
      all: { unread: 3, unseen: 2, total: 4 },
    });
    const many = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`t${i}`, {}]));
    expect(Object.keys(await inbox.counts(alice, many))).toHaveLength(20);
    await expect(inbox.counts(alice, { ...many, t20: {} })).rejects.toThrow(
      'inbox tabs has 21 tabs; pass 1 to 20',
    );
    await expect(inbox.counts(alice, {})).rejects.toMatchObject({ field: 'tabs' });
    await expect(inbox.counts(alice, { 'a b': {} })).rejects.toThrow(/id 'a b' is invalid/);
    await expect(inbox.counts(alice, { x: { status: 'spam' } } as never)).rejects.toMatchObject({
      field: 'tabs.x.status',
    });
  });

  it('a "__proto__" tab id is counted as any other id', async () => {
    const alice = user('alice');
    await sendAll(alice, ['a']);
    const tabs = JSON.parse('{"__proto__": {"read": false}}') as Record<string, InboxFilter>;
    const counts = await inbox.counts(alice, tabs);
    expect(Object.keys(counts)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(counts)).toBe(Object.prototype);
    expect(counts['__proto__']).toEqual({ unread: 1, unseen: 1, total: 1 });
  });

  it.each([
    ['filter', 'x', /inbox filter 'x' is invalid; pass an object/],
    ['filter.status', { status: 'new' }, /use one of inbox, archived, snoozed, all/],
    ['filter.read', { read: 'no' }, /pass true or false/],
    ['filter.tags', { tags: [] }, /pass an array of 1 to 10 tags/],
    ['filter.tags[0]', { tags: [7] }, /inbox filter.tags\[0\] 7 is invalid/],
    ['filter.severity', { severity: 'high' }, /1 to 4 of low, normal, high, critical/],
    ['filter.severity[1]', { severity: ['high', 'max'] }, /'max' is invalid/],
    ['filter', { sort: 'asc' }, /unknown field 'sort'; use status, read, seen, tags, severity/],
  ])('getInbox refuses a bad %s, naming it', async (field, filter, message) => {
    const error = await inbox
      .getInbox(user('bad'), { filter: filter as InboxFilter })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InboxError);
    expect(error).toMatchObject({ field });
    expect((error as Error).message).toMatch(message);
  });

  it('markAll marks a whole tab seen, read or archived, with one event carrying the count', async () => {
    const alice = user('alice');
    const sent = await sendAll(alice, [
      { title: 'a', tags: ['ci'] },
      { title: 'b', tags: ['ci'] },
      { title: 'c' },
      { title: 'd', tags: ['ci'] },
    ]);
    await inbox.markSeen(alice, sent[0].id);
    await inbox.archive(alice, sent[3].id);
    emitted = [];
    expect(await inbox.markAll(alice, 'seen', { tags: ['ci'] })).toBe(1);
    expect(await inbox.markAll(alice, 'seen', { tags: ['ci'] })).toBe(0);
    expect(await inbox.markAll(alice, 'read')).toBe(3);
    expect((await inbox.findOne(alice, sent[2].id))!.seenAt).toEqual(new Date(clock));
    expect((await inbox.findOne(alice, sent[3].id))!.readAt).toBeNull(); // archived: not in the inbox
    expect(await inbox.markAll(alice, 'archived', { status: 'inbox', tags: ['ci'] })).toBe(2);
    expect(await titles(alice)).toEqual(['c']);
    expect(emitted).toEqual([
      [INBOX_UPDATED_EVENT, { userId: alice, change: 'seen', count: 1 }],
      [INBOX_UPDATED_EVENT, { userId: alice, change: 'read', count: 3 }],
      [INBOX_UPDATED_EVENT, { userId: alice, change: 'archived', count: 2 }],
    ]);
    await expect(inbox.markAll(alice, 'deleted' as never)).rejects.toMatchObject({
      field: 'change',
    });
  });

  it('runAction emits the action with the message; an unknown action id is INBOX_UNKNOWN_ACTION', async () => {
    const [alice, bob] = [user('alice'), user('bob')];
    const [m] = await sendAll(alice, [
      {
        title: 'deploy?',
        actions: [
          { label: 'Approve', actionId: 'deploy.approve' },
          { label: 'Details', url: '/d' },
        ],
      },
    ]);
    expect(await inbox.runAction(alice, m.id, 'deploy.approve')).toEqual(m);
    expect(emitted).toEqual([
      [
        INBOX_ACTION_EVENT,
        { userId: alice, messageId: m.id, actionId: 'deploy.approve', message: m },
      ],
    ]);
    const unknown = await inbox.runAction(alice, m.id, 'deploy.reject').catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: 'INBOX_UNKNOWN_ACTION', field: 'actionId' });
    expect((unknown as Error).message).toMatch(/has no action 'deploy.reject'.*'deploy.approve'/);
    expect(await inbox.runAction(bob, m.id, 'deploy.approve')).toBeUndefined();
    expect(await inbox.runAction(alice, 'not-a-uuid', 'deploy.approve')).toBeUndefined();
    await expect(inbox.runAction(alice, m.id, 'no spaces')).rejects.toMatchObject({
      field: 'actionId',
      code: 'INBOX_INVALID_INPUT',
    });
    expect(emitted).toHaveLength(1);
  });

  it('another user’s message id behaves as an unknown id for every change', async () => {
    const [alice, bob] = [user('alice'), user('bob')];
    const [m] = await sendAll(alice, ['a']);
    const future = new Date(clock + HOUR);
    const attempts = await Promise.all([
      inbox.markSeen(bob, m.id),
      inbox.markUnread(bob, m.id),
      inbox.archive(bob, m.id),
      inbox.unarchive(bob, m.id),
      inbox.snooze(bob, m.id, future),
      inbox.unsnooze(bob, m.id),
      inbox.markSeen(alice, 'nope'),
    ]);
    expect(attempts).toEqual([false, false, false, false, false, false, false]);
    expect(await inbox.markAll(bob, 'archived', { status: 'all' })).toBe(0);
    expect(await inbox.findOne(alice, m.id)).toEqual(m);
    expect(emitted).toEqual([]);
  });

  it('concurrent changes of one message lose no update and each applies once', async () => {
    const alice = user('alice');
    const sent = await sendAll(
      alice,
      Array.from({ length: 10 }, (_, i) => `m${i}`),
    );
    const results = await Promise.all(
      sent.flatMap((m) => [
        inbox.archive(alice, m.id),
        inbox.markSeen(alice, m.id),
        inbox.archive(alice, m.id),
        inbox.markSeen(alice, m.id),
        inbox.snooze(alice, m.id, new Date(clock + HOUR)),
      ]),
    );
    const count = (offset: number[]) =>
      sent.reduce((n, _, i) => n + offset.filter((o) => results[i * 5 + o] === true).length, 0);
    expect(count([0, 2])).toBe(10);
    expect(count([1, 3])).toBe(10);
    expect(count([4])).toBe(10);
    const stored = await Promise.all(sent.map((m) => inbox.findOne(alice, m.id)));
    expect(stored.every((m) => m!.archivedAt && m!.seenAt && m!.snoozedUntil)).toBe(true);
    expect((await inbox.counts(alice, { a: { status: 'archived' } })).a.total).toBe(10);
  });
});
