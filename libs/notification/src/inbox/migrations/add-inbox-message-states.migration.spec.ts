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
const ids = ['018f0000-0000-7000-8000-00000000000a', '018f0000-0000-7000-8000-00000000000b'];

/** A table holding rows written before the migration (by the previous release), then migrated. */
describe.each(['sqlite', 'postgres'] as const)(
  'AddInboxMessageStates1736200000000 on %s',
  (kind) => {
    let ds: DataSource;
    let admin: Client | undefined;
    const schema = `herald_inbox_migration_${process.pid}`;
    const created = Date.UTC(2026, 0, 1);

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

    const table = () =>
      kind === 'postgres' ? `"${schema}".herald_inbox_messages` : 'herald_inbox_messages';
    const p = (i: number) => (kind === 'postgres' ? `$${i}` : '?');
    const indexes = async () => {
      const rows = (await ds.query(
        kind === 'postgres'
          ? `SELECT indexname AS name FROM pg_indexes WHERE schemaname = '${schema}' AND tablename = 'herald_inbox_messages'`
          : `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'herald_inbox_messages' AND sql IS NOT NULL`,
      )) as Array<{ name: string }>;
      return rows.map((r) => r.name).sort();
    };
    /** PostgreSQL's statistics objects on the table (none on SQLite). */
    const statistics = async () =>
      kind === 'postgres'
        ? (
            (await ds.query(
              `SELECT stxname AS name FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace WHERE n.nspname = '${schema}'`,
            )) as Array<{ name: string }>
          ).map((r) => r.name)
        : [];
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

    it('gives old rows their list time, seen = read, no tags, severity normal, no actions', async () => {
      await run(new CreateInboxMessages1732300000000(), 'up');
      // two rows as the previous release wrote them: one read, one unread
      for (const [i, id] of ids.entries())
        await ds.query(
          `INSERT INTO ${table()} (id, user_id, title, body, category, action_url, data, read_at, created_at, expires_at)
         VALUES (${p(1)}, ${p(2)}, ${p(3)}, '', NULL, NULL, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)})`,
          [
            id,
            'olga',
            `old ${i}`,
            i ? null : '{"n":1}',
            i ? null : created + 5,
            created + i,
            created + 30 * DAY,
          ],
        );
      await run(new AddInboxMessageStates1736200000000(), 'up');
      await run(new AddInboxMessageStates1736200000000(), 'up'); // a second run changes nothing

      const rows = (await ds.query(
        `SELECT id, listed_at, seen_at, read_at, archived_at, snoozed_until, tags, severity, actions FROM ${table()} ORDER BY id`,
      )) as Array<Record<string, string | number | null>>;
      expect(
        rows.map((r) => ({
          ...r,
          listed_at: Number(r.listed_at),
          seen_at: r.seen_at === null ? null : Number(r.seen_at),
          read_at: r.read_at === null ? null : Number(r.read_at),
        })),
      ).toEqual([
        {
          id: ids[0],
          listed_at: created,
          seen_at: created + 5,
          read_at: created + 5,
          archived_at: null,
          snoozed_until: null,
          tags: '[]',
          severity: 'normal',
          actions: '[]',
        },
        {
          id: ids[1],
          listed_at: created + 1,
          seen_at: null,
          read_at: null,
          archived_at: null,
          snoozed_until: null,
          tags: '[]',
          severity: 'normal',
          actions: '[]',
        },
      ]);
      expect(await indexes()).toEqual(
        expect.arrayContaining([
          'idx_herald_inbox_user_listed',
          'idx_herald_inbox_user_listed_active',
          'idx_herald_inbox_user_listed_archived',
          'idx_herald_inbox_user_listed_unread',
          'idx_herald_inbox_user_listed_unseen',
          'idx_herald_inbox_user_unread_exp',
          'idx_herald_inbox_expires',
        ]),
      );
      expect(await statistics()).toEqual(kind === 'postgres' ? ['herald_inbox_tags_stats'] : []);
      expect(await indexes()).not.toContain('idx_herald_inbox_user_created');
      expect(await indexes()).not.toContain('idx_herald_inbox_user_unread');

      // the store and the service read and change the old rows like new ones (with their counters)
      await run(new CreateInboxCounters1736700000000(), 'up');
      let clock = created + DAY;
      const inbox = new InboxService(new DatabaseInboxStore(ds), { now: () => new Date(clock) });
      const page = await inbox.getInbox('olga');
      expect(page.notifications.map((m) => m.title)).toEqual(['old 1', 'old 0']);
      expect(page.notifications[1]).toMatchObject({
        data: { n: 1 },
        seenAt: new Date(created + 5),
        tags: [],
        severity: 'normal',
        actions: [],
      });
      expect([page.unreadCount, page.unseenCount]).toEqual([1, 1]);
      clock += 1;
      const fresh = await inbox.send('olga', { title: 'new', tags: ['ci'] });
      expect(await inbox.snooze('olga', ids[0], new Date(clock + DAY))).toBe(true);
      expect((await inbox.getInbox('olga')).notifications.map((m) => m.id)).toEqual([
        fresh.id,
        ids[1],
      ]);
    });

    it('is part of heraldMigrations(), after the migration that created the table', () => {
      const list = heraldMigrations();
      expect(list.indexOf(AddInboxMessageStates1736200000000)).toBeGreaterThan(
        list.indexOf(CreateInboxMessages1732300000000),
      );
      expect(list.indexOf(CreateInboxMessages1732300000000)).toBeGreaterThanOrEqual(0);
    });

    it('down() restores the previous schema, and up() runs again', async () => {
      await run(new CreateInboxCounters1736700000000(), 'down'); // its triggers read the new columns
      await run(new AddInboxMessageStates1736200000000(), 'down');
      expect(await statistics()).toEqual([]);
      const columns =
        kind === 'postgres'
          ? ((await ds.query(
              `SELECT column_name AS name FROM information_schema.columns WHERE table_schema = '${schema}' AND table_name = 'herald_inbox_messages'`,
            )) as Array<{ name: string }>)
          : ((await ds.query(`PRAGMA table_info("herald_inbox_messages")`)) as Array<{
              name: string;
            }>);
      expect(columns.map((c) => c.name).sort()).toEqual(
        [
          'id',
          'user_id',
          'title',
          'body',
          'category',
          'action_url',
          'data',
          'read_at',
          'created_at',
          'expires_at',
        ].sort(),
      );
      expect(await indexes()).toEqual(
        expect.arrayContaining(['idx_herald_inbox_user_created', 'idx_herald_inbox_user_unread']),
      );
      await run(new AddInboxMessageStates1736200000000(), 'up');
      await run(new CreateInboxCounters1736700000000(), 'up');
      const inbox = new InboxService(new DatabaseInboxStore(ds), {
        now: () => new Date(created + DAY),
      });
      expect((await inbox.getInbox('olga')).notifications).toHaveLength(3);
    });
  },
);
