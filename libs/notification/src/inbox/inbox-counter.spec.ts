import { InboxConfig, type InboxMessage } from '@herald/contracts';
import { openTestBackend, type TestBackend } from './__fixtures__/inbox-test-backends.js';
import { InboxService } from './inbox.service.js';

const DAY = 24 * 60 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * The default list's unread and unseen counts (`getInbox()`, `countUnread()`:
 * a per-user counter on the database stores) stay exact across every write
 * and every passage of time, checked against the messages themselves.
 */
describe.each(['memory', 'sqlite', 'postgres'] as const)(
  'inbox unread counter on the %s store',
  (kind) => {
    let backend: TestBackend;
    let clock: number;
    let inbox: InboxService;
    const user = (name: string) => `${name}-${kind}-${Math.random().toString(36).slice(2, 8)}`;

    beforeAll(async () => {
      backend = await openTestBackend(kind);
    });
    afterAll(() => backend.close());
    beforeEach(() => {
      clock = Date.UTC(2026, 0, 1);
      inbox = new InboxService(backend.store, {
        config: new InboxConfig({ maxPageSize: 100, retentionDays: 2 }),
        now: () => new Date(clock),
      });
    });

    /** Every unexpired message of the user, walked page by page in the `all` tab. */
    const everyMessage = async (userId: string): Promise<InboxMessage[]> => {
      const out: InboxMessage[] = [];
      let cursor: string | undefined;
      do {
        const page = await inbox.getInbox(userId, { filter: { status: 'all' }, cursor });
        out.push(...page.notifications);
        cursor = page.nextCursor;
      } while (cursor);
      return out;
    };

    /** The counts from the messages, and every way the store answers them, must agree. */
    const expectExact = async (userId: string, unread: number, unseen: number) => {
      const listed = (await everyMessage(userId)).filter(
        (m) => !m.archivedAt && (!m.snoozedUntil || m.snoozedUntil.getTime() <= clock),
      );
      expect([
        listed.filter((m) => !m.readAt).length,
        listed.filter((m) => !m.seenAt).length,
      ]).toEqual([unread, unseen]);
      const page = await inbox.getInbox(userId);
      const empty = await inbox.getInbox(userId, { filter: { tags: ['no-such-tag'] } });
      const { inbox: tab } = await inbox.counts(userId, { inbox: {} });
      expect({
        page: [page.unreadCount, page.unseenCount],
        empty: [empty.unreadCount, empty.unseenCount],
        tab: [tab.unread, tab.unseen],
        countUnread: await inbox.countUnread(userId),
      }).toEqual({
        page: [unread, unseen],
        empty: [unread, unseen],
        tab: [unread, unseen],
        countUnread: unread,
      });
    };

    const sendAll = async (userId: string, n: number) => {
      const sent: InboxMessage[] = [];
      for (let i = 0; i < n; i++) {
        clock += 1;
        sent.push(await inbox.send(userId, { title: `m${i}`, tags: i % 2 ? ['odd'] : [] }));
      }
      return sent;
    };

    it('follows create, read, unread, seen, archive, unarchive and delete', async () => {
      const alice = user('alice');
      await expectExact(alice, 0, 0);
      const [a, b, c, d, e] = await sendAll(alice, 5);
      await expectExact(alice, 5, 5);
      await inbox.markRead(alice, a.id);
      await inbox.markRead(alice, a.id); // once only
      await expectExact(alice, 4, 4);
      await inbox.markUnread(alice, a.id); // unread, still seen
      await expectExact(alice, 5, 4);
      await inbox.markSeen(alice, b.id);
      await expectExact(alice, 5, 3);
      await inbox.archive(alice, c.id);
      await inbox.archive(alice, c.id);
      await expectExact(alice, 4, 2);
      await inbox.markRead(alice, c.id); // archived: out of the list's counts either way
      await expectExact(alice, 4, 2);
      await inbox.unarchive(alice, c.id);
      await expectExact(alice, 4, 2);
      await inbox.delete(alice, d.id);
      await expectExact(alice, 3, 1);
      await inbox.delete(alice, b.id); // unread, seen
      await expectExact(alice, 2, 1);
      await inbox.markRead(alice, e.id);
      await expectExact(alice, 1, 0);
      expect(await inbox.countUnread(user('nobody'))).toBe(0);
    });

    it('follows snoozes ending by themselves, unsnooze, and messages expiring and purged', async () => {
      const bob = user('bob');
      const [a, b, c] = await sendAll(bob, 4);
      await inbox.snooze(bob, a.id, new Date(clock + HOUR));
      await inbox.snooze(bob, b.id, new Date(clock + 2 * HOUR));
      await inbox.markRead(bob, b.id); // read while snoozed
      await expectExact(bob, 2, 2);
      clock += HOUR; // a wakes up with no write
      await expectExact(bob, 3, 3);
      await inbox.snooze(bob, a.id, new Date(clock + HOUR)); // snoozed again
      await expectExact(bob, 2, 2);
      await inbox.unsnooze(bob, a.id);
      await expectExact(bob, 3, 3);
      await inbox.archive(bob, c.id);
      await inbox.snooze(bob, c.id, new Date(clock + HOUR)); // archived and snoozed
      await expectExact(bob, 2, 2);
      clock += 3 * DAY; // everything expired (retention 2 days), nothing purged yet
      await expectExact(bob, 0, 0);
      expect(await inbox.purgeExpired()).toBeGreaterThan(0);
      await expectExact(bob, 0, 0);
      await sendAll(bob, 2);
      await expectExact(bob, 2, 2);
    });

    it('follows markAll on a tab and on everything', async () => {
      const carol = user('carol');
      await sendAll(carol, 6);
      expect(await inbox.markAll(carol, 'seen', { tags: ['odd'] })).toBe(3);
      await expectExact(carol, 6, 3);
      expect(await inbox.markAll(carol, 'read', { tags: ['odd'] })).toBe(3);
      await expectExact(carol, 3, 3);
      expect(await inbox.markAll(carol, 'archived', { read: false })).toBe(3);
      await expectExact(carol, 0, 0);
      await sendAll(carol, 2);
      await expectExact(carol, 2, 2);
      expect(await inbox.markAllRead(carol)).toBe(5); // the archived unread ones too
      await expectExact(carol, 0, 0);
    });

    it('stays exact under concurrent writes for one user', async () => {
      const dave = user('dave');
      const first = await sendAll(dave, 20);
      await Promise.all([
        ...Array.from({ length: 30 }, (_, i) => inbox.send(dave, { title: `c${i}` })),
        ...first.slice(0, 10).map((m) => inbox.markRead(dave, m.id)),
        ...first.slice(0, 10).map((m) => inbox.markRead(dave, m.id)),
        ...first.slice(10, 15).map((m) => inbox.archive(dave, m.id)),
        ...first.slice(15, 18).map((m) => inbox.delete(dave, m.id)),
        inbox.markSeen(dave, first[19].id),
      ]);
      await expectExact(dave, 32, 31);
      await Promise.all([
        inbox.markAllRead(dave),
        ...Array.from({ length: 10 }, (_, i) => inbox.send(dave, { title: `d${i}` })),
        ...first.slice(0, 5).map((m) => inbox.markUnread(dave, m.id)),
      ]);
      const listed = (await everyMessage(dave)).filter((m) => !m.archivedAt);
      await expectExact(
        dave,
        listed.filter((m) => !m.readAt).length,
        listed.filter((m) => !m.seenAt).length,
      );
    });
  },
);
