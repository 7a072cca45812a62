import {
  openMigrationTestDatabase,
  type MigrationTestDatabase,
} from '../../typeorm/__fixtures__/migration-test-database.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { InboxService } from '../inbox.service.js';
import { DatabaseInboxStore } from '../stores/database-inbox.store.js';
import { AddInboxMessageStates1736200000000 } from './add-inbox-message-states.migration.js';
import { AddInboxCounterBounds1736800000000 } from './add-inbox-counter-bounds.migration.js';
import { CreateInboxCounters1736700000000 } from './create-inbox-counters.migration.js';
import { CreateInboxMessages1732300000000 } from './create-inbox-messages.migration.js';

const DAY = 24 * 60 * 60 * 1000;
const ids = ['018f0000-0000-7000-8000-00000000000a', '018f0000-0000-7000-8000-00000000000b'];

/** A table holding rows written before the migration (by the previous release), then migrated. */
describe.each(['sqlite', 'postgres'] as const)(
  'AddInboxMessageStates1736200000000 on %s',
  (kind) => {
    let db: MigrationTestDatabase;
    const created = Date.UTC(2026, 0, 1);

    beforeAll(async () => {
      db = await openMigrationTestDatabase(kind, `herald_inbox_migration_${process.pid}`);
    });
    afterAll(() => db?.close());

    const table = () => db.table('herald_inbox_messages');
    const p = (i: number) => db.param(i);
    const indexes = () => db.indexes('herald_inbox_messages');
    /** PostgreSQL's statistics objects on the table (none on SQLite). */
    const statistics = async () =>
      kind === 'postgres'
        ? (
            (await db.dataSource.query(
              `SELECT stxname AS name FROM pg_statistic_ext s JOIN pg_namespace n ON n.oid = s.stxnamespace WHERE n.nspname = $1`,
              [db.schema],
            )) as Array<{ name: string }>
          ).map((r) => r.name)
        : [];

    it('gives old rows their list time, seen = read, no tags, severity normal, no actions', async () => {
      await db.up(new CreateInboxMessages1732300000000());
      // two rows as the previous release wrote them: one read, one unread
      for (const [i, id] of ids.entries())
        await db.dataSource.query(
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
      await db.up(new AddInboxMessageStates1736200000000());
      await db.up(new AddInboxMessageStates1736200000000()); // a second run changes nothing

      const rows = (await db.dataSource.query(
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
      await db.up(new CreateInboxCounters1736700000000(), new AddInboxCounterBounds1736800000000());
      let clock = created + DAY;
      const inbox = new InboxService(new DatabaseInboxStore(db.dataSource), {
        now: () => new Date(clock),
      });
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
      await db.down(new AddInboxCounterBounds1736800000000());
      await db.down(new CreateInboxCounters1736700000000()); // its triggers read the new columns
      await db.down(new AddInboxMessageStates1736200000000());
      expect(await statistics()).toEqual([]);
      const columns = await db.columns('herald_inbox_messages');
      expect(columns.sort()).toEqual(
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
      await db.up(
        new AddInboxMessageStates1736200000000(),
        new CreateInboxCounters1736700000000(),
        new AddInboxCounterBounds1736800000000(),
      );
      const inbox = new InboxService(new DatabaseInboxStore(db.dataSource), {
        now: () => new Date(created + DAY),
      });
      expect((await inbox.getInbox('olga')).notifications).toHaveLength(3);
    });
  },
);
