import { Client } from 'pg';
import { TEST_PG } from '../../../../../test/helpers/pg-schema.js';
import {
  openMigrationTestDatabase,
  type MigrationTestDatabase,
} from '../../typeorm/__fixtures__/migration-test-database.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { AddInboxCounterBounds1736800000000 } from './add-inbox-counter-bounds.migration.js';
import { AddInboxMessageStates1736200000000 } from './add-inbox-message-states.migration.js';
import { CreateInboxCounters1736700000000 } from './create-inbox-counters.migration.js';
import { CreateInboxMessages1732300000000 } from './create-inbox-messages.migration.js';

const DAY = 24 * 60 * 60 * 1000;
const id = (n: number) => `018f0000-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** The counters' bounds: backfilled, then kept by the triggers through every kind of write. */
describe.each(['sqlite', 'postgres'] as const)(
  'AddInboxCounterBounds1736800000000 on %s',
  (kind) => {
    let db: MigrationTestDatabase;
    const now = Date.UTC(2026, 0, 1);
    const messages = () => db.table('herald_inbox_messages');

    beforeAll(async () => {
      db = await openMigrationTestDatabase(kind, `herald_inbox_bounds_migration_${process.pid}`);
      await db.up(
        new CreateInboxMessages1732300000000(),
        new AddInboxMessageStates1736200000000(),
        new CreateInboxCounters1736700000000(),
      );
    });
    afterAll(() => db?.close());

    /** user → [snoozed_until_max, expires_at_min] */
    const bounds = async () =>
      Object.fromEntries(
        (
          (await db.dataSource.query(
            `SELECT user_id, snoozed_until_max, expires_at_min FROM ${db.table('herald_inbox_counters')} ORDER BY user_id`,
          )) as Array<{ user_id: string; snoozed_until_max: unknown; expires_at_min: unknown }>
        ).map((r) => [
          r.user_id,
          [r.snoozed_until_max, r.expires_at_min].map((v) => (v == null ? null : Number(v))),
        ]),
      );
    const insert = async (
      n: number,
      user: string,
      o: { read?: number; seen?: number; archived?: number; snoozed?: number; expires: number },
    ) => {
      const p = (i: number) => db.param(i);
      await db.dataSource.query(
        `INSERT INTO ${messages()} (id, user_id, title, body, read_at, seen_at, archived_at, snoozed_until, listed_at, created_at, expires_at)
       VALUES (${p(1)}, ${p(2)}, 't', '', ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)}, ${p(9)})`,
        [
          id(n),
          user,
          o.read ?? null,
          o.seen ?? null,
          o.archived ?? null,
          o.snoozed ?? null,
          now,
          now,
          o.expires,
        ],
      );
    };

    it('backfills the bounds of the counted rows, then follows inserts, snoozes, reads and purges; down removes them', async () => {
      // olga: open (snoozed), open, read and seen (not counted: neither bound), archived; pat: none counted
      await insert(1, 'olga', { snoozed: now + 5, expires: now + 10 * DAY });
      await insert(2, 'olga', { expires: now + 20 * DAY });
      await insert(3, 'olga', { read: now, seen: now, snoozed: now + 50, expires: now + DAY });
      await insert(4, 'olga', { archived: now, snoozed: now + 60, expires: now + 2 * DAY });
      await insert(5, 'pat', { read: now, expires: now + 3 * DAY }); // read, unseen: counted
      await db.up(new AddInboxCounterBounds1736800000000());
      expect(await bounds()).toEqual({
        olga: [now + 5, now + 10 * DAY],
        pat: [null, now + 3 * DAY],
      });

      await insert(6, 'olga', { expires: now + 5 * DAY }); // lowers the expiry bound
      await insert(7, 'olga', { read: now, seen: now, expires: now + DAY }); // not counted: no change
      await insert(8, 'zoe', { read: now, seen: now, snoozed: now + 9, expires: now }); // not counted
      const p = (i: number) => db.param(i);
      await db.dataSource.query(
        `UPDATE ${messages()} SET snoozed_until = ${p(1)}, listed_at = ${p(2)} WHERE id = ${p(3)}`,
        [now + 7 * DAY, now + 7 * DAY, id(2)],
      ); // a snooze changes no count, and raises the bound
      const after = await bounds();
      expect([after.olga, after.pat]).toEqual([
        [now + 7 * DAY, now + 5 * DAY],
        [null, now + 3 * DAY],
      ]);
      expect(after.zoe ?? [null, null]).toEqual([null, null]); // SQLite keeps a row of zeros
      await db.dataSource.query(`UPDATE ${messages()} SET read_at = NULL WHERE id = ${p(1)}`, [
        id(3),
      ]); // counted again (its seen_at stays): its bounds join
      expect((await bounds()).olga).toEqual([now + 7 * DAY, now + DAY]);

      // the purge recounts the expiry bound from the rows left; the snooze bound only grows
      await db.dataSource.query(`DELETE FROM ${messages()} WHERE expires_at <= ${p(1)}`, [
        now + 6 * DAY,
      ]);
      const purged = await bounds();
      expect([purged.olga, purged.pat]).toEqual([
        [now + 7 * DAY, now + 10 * DAY],
        [null, null],
      ]);

      await db.down(new AddInboxCounterBounds1736800000000());
      expect(await db.columns('herald_inbox_counters')).toEqual(['user_id', 'unread', 'unseen']);
      await insert(9, 'pat', { expires: now + DAY }); // the counters' own triggers are back
      const [row] = (await db.dataSource.query(
        `SELECT unread FROM ${db.table('herald_inbox_counters')} WHERE user_id = 'pat'`,
      )) as Array<{ unread: unknown }>;
      expect(Number(row.unread)).toBe(1);
      await db.up(new AddInboxCounterBounds1736800000000());
      expect((await bounds()).pat).toEqual([null, now + DAY]);
    });

    if (kind === 'postgres')
      it('a purge waits for a writer of the same counter row, and its recount sees what that writer wrote', async () => {
        const writer = new Client(TEST_PG);
        await writer.connect();
        try {
          await insert(20, 'quinn', { expires: now + 30 * DAY });
          await insert(21, 'quinn', { read: now, seen: now, expires: now }); // not counted
          await writer.query(`SET search_path TO "${db.schema}"`);
          await writer.query('BEGIN');
          await writer.query(
            `INSERT INTO herald_inbox_messages (id, user_id, title, body, listed_at, created_at, expires_at)
           VALUES ($1, 'quinn', 't', '', $2, $2, $3)`,
            [id(22), now, now + 2 * DAY],
          );
          // deletes a row no counter counts: no count changes, yet the recount must wait
          const purge = db.dataSource.query(`DELETE FROM ${messages()} WHERE id = $1`, [id(21)]);
          await new Promise((resolve) => setTimeout(resolve, 300));
          await writer.query('COMMIT');
          await purge;
          expect((await bounds()).quinn).toEqual([null, now + 2 * DAY]);
        } finally {
          await writer.end();
        }
      });

    it('is in heraldMigrations(), after the counters', () => {
      const names = heraldMigrations().map((m) => new m().name);
      expect(names.indexOf('AddInboxCounterBounds1736800000000')).toBeGreaterThan(
        names.indexOf('CreateInboxCounters1736700000000'),
      );
    });
  },
);
