import { EventEmitter2 } from '@nestjs/event-emitter';
import { INBOX_SENT_HOOK, InboxConfig, type InboxMessage } from '@herald/contracts';
import { openTestBackend, type TestBackend } from './__fixtures__/inbox-test-backends.js';
import { InboxError } from './errors/inbox.error.js';
import { INBOX_READ_ALL_EVENT, INBOX_READ_EVENT } from './inbox.events.js';
import { InboxService } from './inbox.service.js';
import { encodeInboxCursor } from './utils/inbox-cursor.util.js';

const DAY = 24 * 60 * 60 * 1000;

describe.each(['memory', 'sqlite', 'postgres'] as const)('InboxService on the %s store', (kind) => {
  let backend: TestBackend;
  let events: EventEmitter2;
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
    inbox = new InboxService(backend.store, {
      config: new InboxConfig({ maxPageSize: 5, retentionDays: 2 }),
      events,
      now: () => new Date(clock),
    });
  });

  const sendMany = async (userId: string, n: number, prefix = 'm') => {
    const sent: InboxMessage[] = [];
    for (let i = 0; i < n; i++) {
      clock += i % 3 === 0 ? 1 : 0; // several messages share a millisecond
      sent.push(await inbox.send(userId, { title: `${prefix}${i}`, body: `body ${i}` }));
    }
    return sent;
  };

  it('send stores the message, then fires INBOX_SENT_HOOK with the stored message', async () => {
    const alice = user('alice');
    const seen: Array<{ payload: InboxMessage; storedAlready: boolean }> = [];
    events.on(INBOX_SENT_HOOK, (payload: InboxMessage) => {
      void backend.store
        .findOne(alice, payload.id, new Date(clock))
        .then((found) => seen.push({ payload, storedAlready: found?.id === payload.id }));
    });
    const message = await inbox.send(alice, {
      title: 'Build finished',
      body: 'All green',
      category: 'ci',
      actionUrl: '/builds/7',
      data: { build: 7 },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(message).toMatchObject({ userId: alice, title: 'Build finished', readAt: null });
    expect(message.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7/);
    expect(message.expiresAt.getTime() - message.createdAt.getTime()).toBe(2 * DAY);
    expect(seen).toEqual([{ payload: message, storedAlready: true }]);
    const page = await inbox.getInbox(alice);
    expect(page.notifications).toEqual([message]);
    expect(page.unreadCount).toBe(1);
  });

  it('keeps users apart: another user can neither see, read nor delete a message', async () => {
    const [alice, bob] = [user('alice'), user('bob')];
    const [a] = await sendMany(alice, 1);
    await sendMany(bob, 2);
    expect((await inbox.getInbox(bob)).notifications.map((m) => m.userId)).toEqual([bob, bob]);
    expect(await inbox.findOne(bob, a.id)).toBeUndefined();
    expect(await inbox.markRead(bob, a.id)).toBe(false);
    expect(await inbox.delete(bob, a.id)).toBe(false);
    expect(await inbox.markAllRead(bob)).toBe(2);
    expect(await inbox.countUnread(alice)).toBe(1);
    expect((await inbox.findOne(alice, a.id))?.readAt).toBeNull();
  });

  it('marking a read message again changes nothing and the count never goes negative', async () => {
    const alice = user('alice');
    const [a, b] = await sendMany(alice, 2);
    const reads: unknown[] = [];
    events.on(INBOX_READ_EVENT, (p) => reads.push(p));
    events.on(INBOX_READ_ALL_EVENT, (p) => reads.push(p));
    expect(await inbox.markRead(alice, a.id)).toBe(true);
    const readAt = (await inbox.findOne(alice, a.id))!.readAt;
    clock += 1000;
    expect(await inbox.markRead(alice, a.id)).toBe(false);
    expect((await inbox.findOne(alice, a.id))!.readAt).toEqual(readAt);
    expect(await inbox.countUnread(alice)).toBe(1);
    expect(await inbox.markAllRead(alice)).toBe(1);
    expect(await inbox.markAllRead(alice)).toBe(0);
    expect(await inbox.markRead(alice, b.id)).toBe(false);
    expect(await inbox.countUnread(alice)).toBe(0);
    expect(reads).toEqual([
      { userId: alice, messageId: a.id, unreadCount: 1 },
      { userId: alice, count: 1, unreadCount: 0 },
    ]);
  });

  it('pages newest first, caps limit at max_page_size and filters unread', async () => {
    const alice = user('alice');
    const sent = await sendMany(alice, 7);
    const first = await inbox.getInbox(alice, { limit: 100 });
    expect(first.notifications.map((m) => m.title)).toEqual(['m6', 'm5', 'm4', 'm3', 'm2']);
    const second = await inbox.getInbox(alice, { limit: 100, cursor: first.nextCursor });
    expect(second.notifications.map((m) => m.title)).toEqual(['m1', 'm0']);
    expect(second.nextCursor).toBeUndefined();
    expect((await inbox.getInbox(alice, { limit: 0 })).notifications).toHaveLength(1);
    await inbox.markRead(alice, sent[6].id);
    await inbox.markRead(alice, sent[4].id);
    const unread = await inbox.getInbox(alice, { unreadOnly: true, limit: 3 });
    expect(unread.notifications.map((m) => m.title)).toEqual(['m5', 'm3', 'm2']);
    const rest = await inbox.getInbox(alice, { unreadOnly: true, cursor: unread.nextCursor });
    expect(rest.notifications.map((m) => m.title)).toEqual(['m1', 'm0']);
    expect(rest.unreadCount).toBe(5);
  });

  it('every page carries the unread count, an empty page too', async () => {
    const alice = user('alice');
    const sent = await sendMany(alice, 6);
    await inbox.markRead(alice, sent[0].id);
    const counts: number[] = [];
    let page = await inbox.getInbox(alice, { limit: 3 });
    counts.push(page.unreadCount);
    page = await inbox.getInbox(alice, { limit: 3, cursor: page.nextCursor });
    counts.push(page.unreadCount);
    const past = await inbox.getInbox(alice, {
      limit: 3,
      cursor: encodeInboxCursor({ listedAtMs: sent[0].createdAt.getTime(), id: sent[0].id }),
    });
    expect(page.nextCursor).toBeUndefined();
    expect(past.notifications).toEqual([]);
    expect([...counts, past.unreadCount]).toEqual([5, 5, 5]);
    await inbox.markAllRead(alice);
    expect(await inbox.getInbox(alice, { unreadOnly: true })).toEqual({
      notifications: [],
      unreadCount: 0,
      unseenCount: 0,
    });
  });

  it('cursor pagination stays exact while new messages arrive', async () => {
    const alice = user('alice');
    const original = (await sendMany(alice, 12)).reverse();
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const page = await inbox.getInbox(alice, { limit: 5, cursor });
      seen.push(...page.notifications.map((m) => m.id));
      cursor = page.nextCursor;
      // concurrent arrivals between and during page fetches
      await Promise.all([sendMany(alice, 2, 'new'), inbox.getInbox(alice, { limit: 5 })]);
      pages++;
    } while (cursor && pages < 10);
    expect(seen).toEqual(original.map((m) => m.id));
    const fresh = await inbox.getInbox(alice, { limit: 5 });
    expect(fresh.notifications.every((m) => m.title.startsWith('new'))).toBe(true);
  });

  it('takes title alone: body, category, actionUrl and data are optional (as in the routes recipe)', async () => {
    const bob = user('bob');
    const message = await inbox.send(bob, { title: 'Deploy started' });
    expect(message).toMatchObject({ title: 'Deploy started', body: '' });
    expect(message).not.toHaveProperty('category');
    expect((await inbox.getInbox(bob)).notifications).toEqual([message]);
    await expect(inbox.send(bob, { title: 'x', body: 5 as unknown as string })).rejects.toThrow(
      'inbox message body 5 is invalid; pass a string',
    );
  });

  it('rejects a forged cursor and invalid input with errors naming the value', async () => {
    const alice = user('alice');
    await expect(inbox.getInbox(alice, { cursor: 'not-a-cursor' })).rejects.toThrow(
      /cursor 'not-a-cursor' is not valid/,
    );
    await expect(inbox.send(alice, { title: '', body: 'x' })).rejects.toThrow(InboxError);
    await expect(inbox.send('', { title: 't', body: 'x' })).rejects.toThrow(/userId '' is invalid/);
    expect(await inbox.markRead(alice, 'nope')).toBe(false);
  });

  it('refuses a query or cursor of the wrong type with an InboxError (found by the fuzz)', async () => {
    const alice = user('alice');
    for (const query of [null, 'x', 5, [1]])
      await expect(inbox.getInbox(alice, query as never)).rejects.toThrow(
        /inbox query .* is invalid; pass an object such as \{ limit, cursor, unreadOnly \}/,
      );
    for (const cursor of [0, 12, null, { a: 1 }, ['x'], true])
      await expect(inbox.getInbox(alice, { cursor } as never)).rejects.toThrow(InboxError);
    await expect(inbox.getInbox(alice, { cursor: 7 } as never)).rejects.toThrow(
      /inbox cursor 7 is not valid/,
    );
  });

  it('refuses NUL and control characters with a typed InboxError before the store sees them', async () => {
    const alice = user('alice');
    const refused = async (promise: Promise<unknown>, field: RegExp) => {
      const error = await promise.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(InboxError);
      expect((error as InboxError).code).toBe('INBOX_INVALID_INPUT');
      expect((error as Error).message).toMatch(field);
      expect((error as Error).message).toContain('\\u0000');
      expect((error as Error).message).not.toContain('\u0000');
    };
    await refused(inbox.send(alice, { title: 'a\u0000b', body: '' }), /title .*U\+0000/);
    await refused(inbox.send(alice, { title: 't', body: 'x\u0000' }), /body .*U\+0000/);
    await refused(inbox.send(alice, { title: 't', body: '', category: 'o\u0000ps' }), /category/);
    await refused(inbox.send(alice, { title: 't', body: '', actionUrl: '/x\u0000' }), /actionUrl/);
    await refused(inbox.send(`${alice}\u0000`, { title: 't', body: '' }), /userId .*U\+0000/);
    await refused(inbox.getInbox(`${alice}\u0000`), /userId/);
    await refused(inbox.countUnread(`\u0000${alice}`), /userId/);
    await expect(inbox.send(alice, { title: 'line\nbreak', body: '' })).rejects.toThrow(
      /title .*U\+000A/,
    );
    await expect(inbox.send(alice, { title: 'bell\u007f', body: '' })).rejects.toThrow(/U\+007F/);
    // the body is multi-line text: line breaks and tabs stay allowed there
    const ok = await inbox.send(alice, { title: 'fine', body: 'one\r\ntwo\tthree' });
    expect(ok.body).toBe('one\r\ntwo\tthree');
    expect((await inbox.getInbox(alice)).notifications).toHaveLength(1);
  });

  it('never returns expired messages and the purge deletes them', async () => {
    const alice = user('alice');
    const [old] = await sendMany(alice, 1, 'old');
    clock += DAY;
    const [recent] = await sendMany(alice, 1, 'recent');
    clock += DAY + 1; // old is past retention_days, recent is not
    const page = await inbox.getInbox(alice);
    expect(page.notifications.map((m) => m.id)).toEqual([recent.id]);
    expect(page.unreadCount).toBe(1);
    expect(await inbox.findOne(alice, old.id)).toBeUndefined();
    expect(await inbox.markRead(alice, old.id)).toBe(false);
    expect(await inbox.markAllRead(alice)).toBe(1);
    expect(await inbox.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await backend.store.findOne(alice, old.id, new Date(0))).toBeUndefined();
    expect(await backend.store.findOne(alice, recent.id, new Date(0))).toBeDefined();
  });

  it('concurrent markRead, markAllRead and send lose no update and keep the count right', async () => {
    const alice = user('alice');
    const initial = await sendMany(alice, 30);
    const results = await Promise.all([
      ...initial.map((m) => inbox.markRead(alice, m.id)),
      inbox.markAllRead(alice),
      ...initial.map((m) => inbox.markRead(alice, m.id)),
      ...Array.from({ length: 10 }, (_, i) => inbox.send(alice, { title: `c${i}`, body: '' })),
      inbox.markAllRead(alice),
      inbox.countUnread(alice),
    ]);
    const transitions = results.filter((r) => r === true).length;
    const markedAll = (results[initial.length] as number) + (results[results.length - 2] as number);
    const unread = await inbox.countUnread(alice);
    expect(unread).toBeGreaterThanOrEqual(0);
    expect(transitions + markedAll).toBe(40 - unread);
    let listedUnread = 0;
    let cursor: string | undefined;
    do {
      const page = await inbox.getInbox(alice, { cursor });
      listedUnread += page.notifications.filter((m) => m.readAt === null).length;
      cursor = page.nextCursor;
    } while (cursor);
    expect(listedUnread).toBe(unread);
    expect(initial.every((m) => m.readAt === null)).toBe(true);
    const reread = await Promise.all(initial.map((m) => inbox.findOne(alice, m.id)));
    expect(reread.every((m) => m?.readAt instanceof Date)).toBe(true);
  });

  it('delete removes only the owner’s message', async () => {
    const alice = user('alice');
    const [a] = await sendMany(alice, 1);
    expect(await inbox.delete(alice, a.id)).toBe(true);
    expect(await inbox.delete(alice, a.id)).toBe(false);
    expect(await inbox.countUnread(alice)).toBe(0);
  });
});
