import { Client } from 'pg';
import { DataSource, QueryFailedError } from 'typeorm';
import { InboxConfig } from '@herald/contracts';
import { CreateInboxMessages1732300000000 } from '../migrations/create-inbox-messages.migration.js';
import { AddInboxMessageStates1736200000000 } from '../migrations/add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from '../migrations/create-inbox-counters.migration.js';
import { AddInboxCounterBounds1736800000000 } from '../migrations/add-inbox-counter-bounds.migration.js';
import { InboxError } from '../errors/inbox.error.js';
import { InboxService } from '../inbox.service.js';
import { DatabaseInboxStore } from './database-inbox.store.js';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

/** What only the PostgreSQL path of DatabaseInboxStore does: pg's own connection, prepared statements. */
describe('DatabaseInboxStore on PostgreSQL', () => {
  const schema = `herald_inbox_store_test_${process.pid}`;
  let admin: Client;
  let ds: DataSource;

  beforeAll(async () => {
    admin = new Client(PG);
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    ds = new DataSource({
      type: 'postgres',
      host: PG.host,
      port: PG.port,
      username: PG.user,
      database: PG.database,
      schema,
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
      extra: { max: 1 }, // one connection: its prepared statements are the store's
    });
    await ds.initialize();
    await ds.runMigrations();
  });
  afterAll(async () => {
    await ds.destroy();
    await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
  });

  const prepared = async () =>
    (
      (await ds.query(
        `SELECT name FROM pg_prepared_statements WHERE name LIKE 'herald_%'`,
      )) as Array<{ name: string }>
    ).length;

  it.each([false, true])(
    'preparedStatements %s: the same pages and counts, prepared on the connection only when asked',
    async (preparedStatements) => {
      const inbox = new InboxService(new DatabaseInboxStore(ds, { preparedStatements }), {
        config: new InboxConfig({ maxPageSize: 2 }),
      });
      const user = `u-${preparedStatements}`;
      const sent = [];
      for (let i = 0; i < 3; i++) sent.push(await inbox.send(user, { title: `t${i}`, body: '' }));
      await inbox.markRead(user, sent[2].id);
      const first = await inbox.getInbox(user);
      const second = await inbox.getInbox(user, { cursor: first.nextCursor });
      expect(first.notifications.map((m) => m.title)).toEqual(['t2', 't1']);
      expect(second.notifications.map((m) => m.title)).toEqual(['t0']);
      expect([first.unreadCount, second.unreadCount]).toEqual([2, 2]);
      // insert, markRead, the first page and a later one (each with its count)
      expect(await prepared()).toBe(preparedStatements ? 4 : 0);
    },
  );

  it('a failing statement is a QueryFailedError; a missing table is named', async () => {
    const store = new DatabaseInboxStore(ds);
    const inbox = new InboxService(store);
    const message = await inbox.send('dup', { title: 't', body: '' });
    const failed = store.insert(message);
    await expect(failed).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failed).rejects.toThrow(/duplicate key/);
    const elsewhere = new DataSource({
      type: 'postgres',
      host: PG.host,
      port: PG.port,
      username: PG.user,
      database: PG.database,
      schema: `${schema}_missing`,
    });
    await elsewhere.initialize();
    try {
      await expect(
        new InboxService(new DatabaseInboxStore(elsewhere)).getInbox('x'),
      ).rejects.toThrow(/inbox table 'herald_inbox_(messages|counters)' does not exist/);
    } finally {
      await elsewhere.destroy();
    }
  });

  it.each([
    ['userId', { userId: 'u\u0000' }],
    ['title', { title: 'ti\u0000tle' }],
    ['title', { title: 'line\nbreak' }],
    ['body', { body: 'bo\u0000dy' }],
    ['category', { category: 'c\u0007' }],
    ['actionUrl', { actionUrl: '/a\u0000' }],
    ['tags[1]', { tags: ['ok', 'b\u0000d'] }],
    ['actions[0].label', { actions: [{ label: 'L\u0000', url: '/x' }] }],
    [
      'actions[1].url',
      {
        actions: [
          { label: 'a', url: '/x' },
          { label: 'b', url: '/\u0000' },
        ],
      },
    ],
    ['actions[0].actionId', { actions: [{ label: 'a', actionId: 'i\u0000d' }] }],
    ['severity', { severity: 'no\u0000rmal' as never }],
  ])(
    'insert refuses a control character in %s with an InboxError naming it, not a QueryFailedError',
    async (field, bad) => {
      const store = new DatabaseInboxStore(ds);
      const message = await new InboxService(store).send('ctl', { title: 't', body: 'a\nb' });
      const error = await store
        .insert({ ...message, id: '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', ...bad })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InboxError);
      expect(error).toMatchObject({ field, code: 'INBOX_INVALID_INPUT' });
      expect((error as Error).message).toMatch(
        new RegExp(
          `^inbox ${field.replace(/[[\].]/g, '\\$&')} must not contain control characters`,
        ),
      );
      expect(await store.findOne('ctl', '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d', new Date())).toBe(
        undefined,
      );
    },
  );

  it('reads and updates refuse a user id or message id with NUL the same way', async () => {
    const store = new DatabaseInboxStore(ds);
    const now = new Date();
    const id = '0193a3c4-5e6f-7a8b-9c0d-1e2f3a4b5c6d';
    for (const attempt of [
      store.list('u\u0000', { limit: 5 }, now),
      store.countUnread('u\u0000', now),
      store.markAllRead('u\u0000', now),
      store.markRead('u\u0000', id, now),
      store.delete('u', `${id}\u0000`),
      store.findOne('u', `\u0000${id}`, now),
      store.list('u', { limit: 5, filter: { tags: ['a\u0000'] } }, now),
      store.counts('u', { t: { severity: ['n\u0000' as never] } }, now),
      store.updateAll('u', 'seen', { tags: ['\u0000'] }, now),
      store.update('u\u0000', id, { change: 'seen' }, now),
    ])
      await expect(attempt).rejects.toBeInstanceOf(InboxError);
  });
});
