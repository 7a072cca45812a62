import { InboxConfig } from '@herald/contracts';
import { openTestBackend, type TestBackend } from '../__fixtures__/inbox-test-backends.js';
import { InboxService } from '../inbox.service.js';

/** What the database store promises beyond results: one statement per call, whatever the tabs. */
describe.each(['sqlite', 'postgres'] as const)('DatabaseInboxStore statements on %s', (kind) => {
  let backend: TestBackend;
  let inbox: InboxService;
  let statements: string[] = [];

  beforeAll(async () => {
    backend = await openTestBackend(kind);
    const logger = backend.dataSource!.logger;
    const original = logger.logQuery.bind(logger);
    jest.spyOn(logger, 'logQuery').mockImplementation((query, ...rest) => {
      statements.push(query);
      return original(query, ...rest);
    });
    inbox = new InboxService(backend.store, { config: new InboxConfig({ maxPageSize: 5 }) });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await backend.close();
  });

  const counted = async <T>(work: () => Promise<T>): Promise<[T, string[]]> => {
    statements = [];
    const result = await work();
    return [result, statements];
  };

  it('counts 20 tabs, each with every kind of condition, in one statement', async () => {
    const user = `tabs-${kind}`;
    for (let i = 0; i < 6; i++)
      await inbox.send(user, {
        title: `m${i}`,
        tags: [`t${i % 3}`],
        severity: i % 2 ? 'high' : 'low',
      });
    const tabs = Object.fromEntries(
      Array.from({ length: 20 }, (_, i) => [
        `tab${i}`,
        {
          status: (['inbox', 'archived', 'snoozed', 'all'] as const)[i % 4],
          ...(i % 3 === 0 ? { tags: [`t${i % 3}`, 'x'] } : {}),
          ...(i % 5 === 0 ? { severity: ['high' as const] } : {}),
          ...(i % 2 === 0 ? { read: false } : { seen: false }),
        },
      ]),
    );
    const [counts, sql] = await counted(() => inbox.counts(user, tabs));
    expect(sql).toHaveLength(1);
    expect(sql[0]).toMatch(kind === 'postgres' ? /COUNT\(\*\) FILTER \(WHERE/ : /COUNT\(CASE WHEN/);
    // m0..m5: tags t0 t1 t2 t0 t1 t2, severity low high low high low high
    expect(counts.tab0).toEqual({ unread: 1, unseen: 1, total: 1 }); // inbox, t0 or x, high: m3
    expect(counts.tab1).toEqual({ unread: 0, unseen: 0, total: 0 }); // archived
    expect(counts.tab3).toEqual({ unread: 2, unseen: 2, total: 2 }); // all, t0 or x: m0 m3
    expect(counts.tab4).toEqual({ unread: 6, unseen: 6, total: 6 }); // inbox, unread
    expect(counts.tab15).toEqual({ unread: 1, unseen: 1, total: 1 }); // all, t0 or x, high, unseen: m3
  });

  it('a page with its counts is one statement while no counted message is snoozed or expired, with no expiry test and its LIMIT in the text', async () => {
    const user = `bounds-${kind}`;
    let clock = Date.UTC(2026, 0, 1);
    const timed = new InboxService(backend.store, {
      config: new InboxConfig({ maxPageSize: 5, retentionDays: 1 }),
      now: () => new Date(clock),
    });
    const a = await timed.send(user, { title: 'a' });
    await timed.send(user, { title: 'b' });
    const page = () => counted(() => timed.getInbox(user));
    let [result, sql] = await page();
    expect(sql).toHaveLength(1);
    expect(sql[0]).not.toMatch(/COUNT\(\*\)|expires_at >/);
    expect(sql[0]).toMatch(/LIMIT 6\b/);
    expect([result.notifications.length, result.unreadCount, result.unseenCount]).toEqual([
      2, 2, 2,
    ]);

    expect(await counted(() => timed.countUnread(user))).toEqual([2, [expect.any(String)]]);
    await timed.snooze(user, a.id, new Date(clock + 60_000));
    [result, sql] = await page(); // snoozed now: the counts less the snoozed one
    expect([sql.length, result.notifications.length, result.unreadCount]).toEqual([2, 1, 1]);
    expect((await counted(() => timed.countUnread(user)))[1]).toHaveLength(2);
    clock += 60_001; // it wakes up with no write
    [result, sql] = await page();
    expect([sql.length, result.notifications.length, result.unreadCount]).toEqual([1, 2, 2]);

    clock += 2 * 24 * 60 * 60 * 1000; // both expired, not purged yet
    [result, sql] = await page();
    expect([result.notifications.length, result.unreadCount, result.unseenCount]).toEqual([
      0, 0, 0,
    ]);
    expect(sql.length).toBeGreaterThan(1);
    expect(await timed.purgeExpired()).toBe(2);
    await timed.send(user, { title: 'c' });
    [result, sql] = await page(); // the purge recounted the expiry bound
    expect([sql.length, result.notifications.length, result.unreadCount]).toEqual([1, 1, 1]);
  });

  it('a page with its counts, a change and a bulk change are one statement each', async () => {
    const user = `one-${kind}`;
    const [m] = [await inbox.send(user, { title: 'a', tags: ['ci'] })];
    expect(
      (await counted(() => inbox.getInbox(user, { filter: { tags: ['ci'] } })))[1],
    ).toHaveLength(1);
    expect((await counted(() => inbox.archive(user, m.id)))[1]).toHaveLength(1);
    expect(
      (await counted(() => inbox.snooze(user, m.id, new Date(Date.now() + 60_000))))[1],
    ).toHaveLength(1);
    expect(
      (await counted(() => inbox.markAll(user, 'seen', { status: 'all', tags: ['ci'] })))[1],
    ).toHaveLength(1);
  });
});
