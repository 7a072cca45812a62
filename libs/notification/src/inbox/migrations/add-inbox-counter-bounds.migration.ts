import type { MigrationInterface, QueryRunner } from 'typeorm';
import { inboxCountersTablePath } from '../stores/inbox-sql.util.js';
import {
  countFunctionSql,
  CreateInboxCounters1736700000000,
  lockForBackfill,
  qualified,
  TRIGGERS,
  UNREAD,
  UNSEEN,
} from './create-inbox-counters.migration.js';

/** The columns this migration adds to `herald_inbox_counters`. */
const BOUNDS = ['snoozed_until_max', 'expires_at_min'];

/** A row the counters count: not archived, and unread or unseen. */
const OPEN = (row: string) =>
  `(${row}.archived_at IS NULL AND (${row}.read_at IS NULL OR ${row}.seen_at IS NULL))`;

/** The bounds of a user's counted rows, from the rows themselves (the backfill, the recount after a delete). */
const recount = (table: string, user: string) => ({
  snoozed: `(SELECT MAX(m.snoozed_until) FROM ${table} m WHERE m.user_id = ${user} AND ${OPEN('m')})`,
  expires: `(SELECT MIN(m.expires_at) FROM ${table} m WHERE m.user_id = ${user} AND ${OPEN('m')})`,
});

/**
 * Adds two bounds to each user's counter row, kept by the counters' triggers:
 * `snoozed_until_max`, at least the `snoozed_until` of every counted row (not
 * archived, unread or unseen), and `expires_at_min`, at most the `expires_at`
 * of every counted row. A write raises or lowers them; a delete (the purge)
 * recounts `expires_at_min` of the users it touched. While `snoozed_until_max`
 * is past and `expires_at_min` is not, no counted row is snoozed or expired,
 * so the counter alone is the user's unread and unseen count and `getInbox()`
 * skips the corrections (`DatabaseInboxStore`). Backfills the bounds from the
 * existing rows; `down` restores the triggers of
 * `CreateInboxCounters1736700000000` and drops the columns.
 */
export class AddInboxCounterBounds1736800000000 implements MigrationInterface {
  name = 'AddInboxCounterBounds1736800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { pg, table, counters } = await lockForBackfill(queryRunner);
    for (const column of BOUNDS)
      await queryRunner.query(
        `ALTER TABLE ${counters} ADD COLUMN${pg ? ' IF NOT EXISTS' : ''} ${column} bigint NULL`,
      );
    const { snoozed, expires } = recount(table, `${counters}.user_id`);
    await queryRunner.query(
      `UPDATE ${counters} SET snoozed_until_max = ${snoozed}, expires_at_min = ${expires}`,
    );
    if (pg) await this.postgresTriggers(queryRunner, table, counters);
    else await this.sqliteTriggers(queryRunner, table, counters);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    if (queryRunner.connection.options.type !== 'postgres')
      for (const event of TRIGGERS)
        await queryRunner.query(`DROP TRIGGER IF EXISTS herald_inbox_count_${event}`);
    await new CreateInboxCounters1736700000000().triggers(queryRunner);
    const counters = inboxCountersTablePath(queryRunner.connection);
    for (const column of BOUNDS)
      await queryRunner.query(`ALTER TABLE ${counters} DROP COLUMN ${column}`);
  }

  /**
   * The statement-level function of `CreateInboxCounters1736700000000`, with the
   * bounds: the new rows raise `snoozed_until_max` and lower `expires_at_min`
   * in the same upsert as the counts (a counter row is written only when
   * something changes); a delete first locks the counter rows of its users, in
   * user order, so that the recount, a statement of its own and so a fresh
   * snapshot, sees every write that committed before it.
   */
  private async postgresTriggers(queryRunner: QueryRunner, table: string, counters: string) {
    const fn = qualified(queryRunner, 'herald_inbox_count');
    const delta = (rows: string, sign: '' | '-') =>
      sign === ''
        ? `SELECT r.user_id, ${UNREAD('r')}::int AS unread, ${UNSEEN('r')}::int AS unseen,
             CASE WHEN ${OPEN('r')} THEN r.snoozed_until END AS snoozed,
             CASE WHEN ${OPEN('r')} THEN r.expires_at END AS expires FROM ${rows} r`
        : `SELECT r.user_id, -${UNREAD('r')}::int AS unread, -${UNSEEN('r')}::int AS unseen, NULL::bigint AS snoozed, NULL::bigint AS expires FROM ${rows} r`;
    const upsert = (
      deltas: string,
    ) => `INSERT INTO ${counters} AS c (user_id, unread, unseen, snoozed_until_max, expires_at_min)
        SELECT user_id, SUM(unread), SUM(unseen), MAX(snoozed), MIN(expires) FROM (${deltas}) d
        GROUP BY user_id
        HAVING SUM(unread) <> 0 OR SUM(unseen) <> 0 OR MAX(snoozed) IS NOT NULL OR MIN(expires) IS NOT NULL
        ORDER BY user_id
        ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread, unseen = c.unseen + excluded.unseen,
          snoozed_until_max = GREATEST(c.snoozed_until_max, excluded.snoozed_until_max),
          expires_at_min = LEAST(c.expires_at_min, excluded.expires_at_min)
        WHERE excluded.unread <> 0 OR excluded.unseen <> 0
          OR excluded.snoozed_until_max > COALESCE(c.snoozed_until_max, excluded.snoozed_until_max - 1)
          OR excluded.expires_at_min < COALESCE(c.expires_at_min, excluded.expires_at_min + 1);`;
    const { expires } = recount(table, 'c.user_id');
    await queryRunner.query(
      countFunctionSql(fn, {
        insert: upsert(delta('new_rows', '')),
        update: upsert(`${delta('new_rows', '')} UNION ALL ${delta('old_rows', '-')}`),
        delete: `PERFORM 1 FROM ${counters} c WHERE c.user_id IN (SELECT user_id FROM old_rows)
            ORDER BY c.user_id FOR UPDATE;
          ${upsert(delta('old_rows', '-'))}
          UPDATE ${counters} c SET expires_at_min = ${expires}
            WHERE c.user_id IN (SELECT user_id FROM old_rows) AND c.expires_at_min IS NOT NULL;`,
      }),
    );
  }

  /** Row-level triggers (SQLite has one writer at a time): the same bounds, row by row. */
  private async sqliteTriggers(queryRunner: QueryRunner, table: string, counters: string) {
    const add = (row: 'NEW' | 'OLD', sign: '' | '-') => {
      const bound = (column: string) =>
        sign === '' ? `CASE WHEN ${OPEN(row)} THEN ${row}.${column} END` : 'NULL';
      return `INSERT INTO ${counters} (user_id, unread, unseen, snoozed_until_max, expires_at_min)
       VALUES (${row}.user_id, ${sign}${UNREAD(row)}, ${sign}${UNSEEN(row)}, ${bound('snoozed_until')}, ${bound('expires_at')})
       ON CONFLICT (user_id) DO UPDATE SET unread = unread + excluded.unread, unseen = unseen + excluded.unseen,
         snoozed_until_max = COALESCE(MAX(snoozed_until_max, excluded.snoozed_until_max), snoozed_until_max, excluded.snoozed_until_max),
         expires_at_min = COALESCE(MIN(expires_at_min, excluded.expires_at_min), expires_at_min, excluded.expires_at_min);`;
    };
    const { expires } = recount(table, 'OLD.user_id');
    const bodies = {
      insert: add('NEW', ''),
      update: `${add('OLD', '-')} ${add('NEW', '')}`,
      delete: `${add('OLD', '-')} UPDATE ${counters} SET expires_at_min = ${expires} WHERE user_id = OLD.user_id;`,
    };
    const events = {
      insert: 'INSERT',
      update: 'UPDATE OF user_id, read_at, seen_at, archived_at, snoozed_until, expires_at',
      delete: 'DELETE',
    };
    for (const event of TRIGGERS) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS herald_inbox_count_${event}`);
      await queryRunner.query(
        `CREATE TRIGGER herald_inbox_count_${event} AFTER ${events[event]} ON ${table}
         FOR EACH ROW BEGIN ${bodies[event]} END`,
      );
    }
  }
}
