import {
  openMigrationTestDatabase,
  type MigrationTestDatabase,
} from '../../typeorm/__fixtures__/migration-test-database.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { InboxService } from '../inbox.service.js';
import { DatabaseInboxStore } from '../stores/database-inbox.store.js';
import { AddInboxCounterBounds1736800000000 } from './add-inbox-counter-bounds.migration.js';
import { AddInboxMessageStates1736200000000 } from './add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from './create-inbox-counters.migration.js';
import { CreateInboxMessages1732300000000 } from './create-inbox-messages.migration.js';

const DAY = 24 * 60 * 60 * 1000;

/** Rows written before the migration get their counters; the triggers follow every later write. */
describe.each(['sqlite', 'postgres'] as const)('CreateInboxCounters1736700000000 on %s', (kind) => {
  let db: MigrationTestDatabase;
  const now = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    db = await openMigrationTestDatabase(kind, `herald_inbox_counters_migration_${process.pid}`);
  });
  afterAll(() => db?.close());

  const counters = async () =>
    (
      (await db.dataSource.query(
        `SELECT user_id, unread, unseen FROM ${db.table('herald_inbox_counters')} ORDER BY user_id`,
      )) as Array<{ user_id: string; unread: string | number; unseen: string | number }>
    ).map((r) => [r.user_id, Number(r.unread), Number(r.unseen)]);

  it('backfills the counters of existing rows, then follows writes; down removes it all', async () => {
    await db.up(new CreateInboxMessages1732300000000(), new AddInboxMessageStates1736200000000());
    // olga: unread, read, seen only, archived unread; pat: one unread
    const rows: Array<[string, string, number | null, number | null, number | null]> = [
      ['018f0000-0000-7000-8000-000000000001', 'olga', null, null, null],
      ['018f0000-0000-7000-8000-000000000002', 'olga', now, now, null],
      ['018f0000-0000-7000-8000-000000000003', 'olga', null, now, null],
      ['018f0000-0000-7000-8000-000000000004', 'olga', null, null, now],
      ['018f0000-0000-7000-8000-000000000005', 'pat', null, null, null],
    ];
    const p = (i: number) => db.param(i);
    for (const [id, user, read, seen, archived] of rows)
      await db.dataSource.query(
        `INSERT INTO ${db.table('herald_inbox_messages')} (id, user_id, title, body, read_at, seen_at, archived_at, listed_at, created_at, expires_at)
         VALUES (${p(1)}, ${p(2)}, 't', '', ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)})`,
        [id, user, read, seen, archived, now, now, now + 30 * DAY],
      );
    await db.up(new CreateInboxCounters1736700000000());
    expect(await counters()).toEqual([
      ['olga', 2, 1],
      ['pat', 1, 1],
    ]);
    await db.up(new CreateInboxCounters1736700000000()); // a second run counts again, the same
    expect(await counters()).toEqual([
      ['olga', 2, 1],
      ['pat', 1, 1],
    ]);

    await db.up(new AddInboxCounterBounds1736800000000()); // what the store reads too
    const inbox = new InboxService(new DatabaseInboxStore(db.dataSource), {
      now: () => new Date(now),
    });
    expect(await inbox.countUnread('olga')).toBe(2);
    await inbox.markRead('olga', rows[0][0]);
    await inbox.send('pat', { title: 'new' });
    await db.dataSource.query(
      `DELETE FROM ${db.table('herald_inbox_messages')} WHERE user_id = 'olga'`,
    ); // raw SQL too
    expect(await counters()).toEqual([
      ['olga', 0, 0],
      ['pat', 2, 2],
    ]);

    await db.down(new AddInboxCounterBounds1736800000000(), new CreateInboxCounters1736700000000());
    expect(await db.tables()).not.toContain('herald_inbox_counters');
    await inbox.send('pat', { title: 'after down' }); // no trigger left behind
  });

  it('is in heraldMigrations(), after the states migration', () => {
    const names = heraldMigrations().map((m) => new m().name);
    expect(names).toContain('CreateInboxCounters1736700000000');
    expect(names.indexOf('CreateInboxCounters1736700000000')).toBeGreaterThan(
      names.indexOf('AddInboxMessageStates1736200000000'),
    );
  });
});
