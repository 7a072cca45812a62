import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { InboxService } from '../inbox.service.js';
import { DatabaseInboxStore } from '../stores/database-inbox.store.js';
import { AddInboxMessageStates1736200000000 } from './add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from './create-inbox-counters.migration.js';
import { CreateInboxMessages1732300000000 } from './create-inbox-messages.migration.js';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
const DAY = 24 * 60 * 60 * 1000;

/** Rows written before the migration get their counters; the triggers follow every later write. */
describe.each(['sqlite', 'postgres'] as const)('CreateInboxCounters1736700000000 on %s', (kind) => {
  let ds: DataSource;
  let admin: Client | undefined;
  const schema = `herald_inbox_counters_migration_${process.pid}`;
  const now = Date.UTC(2026, 0, 1);

  beforeAll(async () => {
    if (kind === 'postgres') {
      admin = new Client(PG);
      await admin.connect();
      await admin.query(`CREATE SCHEMA "${schema}"`);
      ds = new DataSource({ type: 'postgres', ...PG, username: PG.user, schema });
    } else {
      ds = new DataSource(memorySqlite());
    }
    await ds.initialize();
  });
  afterAll(async () => {
    await ds.destroy();
    if (admin) {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    }
  });

  const path = (name: string) => (kind === 'postgres' ? `"${schema}".${name}` : name);
  const run = async (
    migration: { up(r: unknown): Promise<void>; down(r: unknown): Promise<void> },
    step: 'up' | 'down',
  ) => {
    const runner = ds.createQueryRunner();
    try {
      await migration[step](runner);
    } finally {
      await runner.release();
    }
  };
  const counters = async () =>
    (
      (await ds.query(
        `SELECT user_id, unread, unseen FROM ${path('herald_inbox_counters')} ORDER BY user_id`,
      )) as Array<{ user_id: string; unread: string | number; unseen: string | number }>
    ).map((r) => [r.user_id, Number(r.unread), Number(r.unseen)]);

  it('backfills the counters of existing rows, then follows writes; down removes it all', async () => {
    await run(new CreateInboxMessages1732300000000(), 'up');
    await run(new AddInboxMessageStates1736200000000(), 'up');
    // olga: unread, read, seen only, archived unread; pat: one unread
    const rows: Array<[string, string, number | null, number | null, number | null]> = [
      ['018f0000-0000-7000-8000-000000000001', 'olga', null, null, null],
      ['018f0000-0000-7000-8000-000000000002', 'olga', now, now, null],
      ['018f0000-0000-7000-8000-000000000003', 'olga', null, now, null],
      ['018f0000-0000-7000-8000-000000000004', 'olga', null, null, now],
      ['018f0000-0000-7000-8000-000000000005', 'pat', null, null, null],
    ];
    const p = (i: number) => (kind === 'postgres' ? `$${i}` : '?');
    for (const [id, user, read, seen, archived] of rows)
      await ds.query(
        `INSERT INTO ${path('herald_inbox_messages')} (id, user_id, title, body, read_at, seen_at, archived_at, listed_at, created_at, expires_at)
         VALUES (${p(1)}, ${p(2)}, 't', '', ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)})`,
        [id, user, read, seen, archived, now, now, now + 30 * DAY],
      );
    await run(new CreateInboxCounters1736700000000(), 'up');
    expect(await counters()).toEqual([
      ['olga', 2, 1],
      ['pat', 1, 1],
    ]);
    await run(new CreateInboxCounters1736700000000(), 'up'); // a second run counts again, the same
    expect(await counters()).toEqual([
      ['olga', 2, 1],
      ['pat', 1, 1],
    ]);

    const inbox = new InboxService(new DatabaseInboxStore(ds), { now: () => new Date(now) });
    expect(await inbox.countUnread('olga')).toBe(2);
    await inbox.markRead('olga', rows[0][0]);
    await inbox.send('pat', { title: 'new' });
    await ds.query(`DELETE FROM ${path('herald_inbox_messages')} WHERE user_id = 'olga'`); // raw SQL too
    expect(await counters()).toEqual([
      ['olga', 0, 0],
      ['pat', 2, 2],
    ]);

    await run(new CreateInboxCounters1736700000000(), 'down');
    const tables = (await ds.query(
      kind === 'postgres'
        ? `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = '${schema}'`
        : `SELECT name FROM sqlite_master WHERE type = 'table'`,
    )) as Array<{ name: string }>;
    expect(tables.map((t) => t.name)).not.toContain('herald_inbox_counters');
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
