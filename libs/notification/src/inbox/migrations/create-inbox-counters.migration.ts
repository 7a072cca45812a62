import type { MigrationInterface, QueryRunner } from 'typeorm';
import { inboxCountersTablePath, inboxTablePath } from '../stores/inbox-sql.util.js';

/** What a row adds to its user's counters: unread, unseen (archived rows count nowhere). */
export const UNREAD = (row: string) => `(${row}.archived_at IS NULL AND ${row}.read_at IS NULL)`;
export const UNSEEN = (row: string) => `(${row}.archived_at IS NULL AND ${row}.seen_at IS NULL)`;

/**
 * The indexes of the corrections the store subtracts from a counter at read
 * time: the user's rows snoozed now, and those expired but not purged yet.
 * Both sets are small, so each is a short range on its index.
 */
const CORRECTION_INDEXES: Array<[string, string, string]> = [
  [
    'idx_herald_inbox_user_snoozed',
    'user_id, snoozed_until',
    'archived_at IS NULL AND snoozed_until IS NOT NULL',
  ],
  [
    'idx_herald_inbox_user_open_exp',
    'user_id, expires_at',
    'archived_at IS NULL AND (read_at IS NULL OR seen_at IS NULL)',
  ],
];

export const TRIGGERS = ['insert', 'update', 'delete'] as const;

/**
 * The inbox table and the counters table of the migration's data source. On
 * PostgreSQL in a transaction (a migration's default) the inbox table is
 * locked against writes until the migration ends: no write between a
 * backfill and the triggers that follow the writes after it.
 */
export async function lockForBackfill(
  queryRunner: QueryRunner,
): Promise<{ pg: boolean; table: string; counters: string }> {
  const pg = queryRunner.connection.options.type === 'postgres';
  const table = inboxTablePath(queryRunner.connection);
  if (pg && queryRunner.isTransactionActive)
    await queryRunner.query(`LOCK TABLE ${table} IN SHARE ROW EXCLUSIVE MODE`);
  return { pg, table, counters: inboxCountersTablePath(queryRunner.connection) };
}

/** The statement-level trigger function `fn` of the counters, one body per event. */
export function countFunctionSql(
  fn: string,
  bodies: Record<(typeof TRIGGERS)[number], string>,
): string {
  return `CREATE OR REPLACE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $herald$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${bodies.insert}
        ELSIF TG_OP = 'UPDATE' THEN
          ${bodies.update}
        ELSE
          ${bodies.delete}
        END IF;
        RETURN NULL;
      END $herald$`;
}

/** A function or index name, schema-qualified on PostgreSQL when the data source has a `schema`. */
export function qualified(queryRunner: QueryRunner, name: string): string {
  const schema = (queryRunner.connection.options as { schema?: string }).schema;
  return schema && queryRunner.connection.options.type === 'postgres'
    ? `${queryRunner.connection.driver.escape(schema)}.${name}`
    : name;
}

/**
 * Creates `herald_inbox_counters` (user_id, unread, unseen): per user, the
 * messages not archived and not read (not seen), snoozed and expired ones
 * included. Triggers on `herald_inbox_messages` keep it in the transaction of
 * every write (insert, any state change, delete, purge, a raw SQL write too):
 * on PostgreSQL one statement-level trigger per event, summing the change
 * per user from the transition tables (a bulk update costs one counter write
 * per user), on SQLite row-level triggers. The store subtracts what is
 * snoozed now and what has expired (`CORRECTION_INDEXES`), so `getInbox()`
 * and `countUnread()` stay exact without counting the user's rows. Backfills
 * the counters from the existing rows, the table locked against writes
 * meanwhile. Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class CreateInboxCounters1736700000000 implements MigrationInterface {
  name = 'CreateInboxCounters1736700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const { table, counters } = await lockForBackfill(queryRunner);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${counters} (
        user_id varchar(255) NOT NULL PRIMARY KEY,
        unread bigint NOT NULL DEFAULT 0,
        unseen bigint NOT NULL DEFAULT 0
      )`,
    );
    await queryRunner.query(`DELETE FROM ${counters}`);
    await queryRunner.query(
      `INSERT INTO ${counters} (user_id, unread, unseen)
       SELECT user_id, SUM(CASE WHEN read_at IS NULL THEN 1 ELSE 0 END), SUM(CASE WHEN seen_at IS NULL THEN 1 ELSE 0 END)
       FROM ${table} WHERE archived_at IS NULL GROUP BY user_id`,
    );
    for (const [name, columns, where] of CORRECTION_INDEXES)
      await queryRunner.query(
        `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns}) WHERE ${where}`,
      );
    await this.triggers(queryRunner);
  }

  /** Installs this migration's triggers (also what `AddInboxCounterBounds1736800000000` restores on down). */
  async triggers(queryRunner: QueryRunner): Promise<void> {
    const table = inboxTablePath(queryRunner.connection);
    const counters = inboxCountersTablePath(queryRunner.connection);
    if (queryRunner.connection.options.type === 'postgres')
      await this.postgresTriggers(queryRunner, table, counters);
    else await this.sqliteTriggers(queryRunner, table, counters);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const pg = queryRunner.connection.options.type === 'postgres';
    const table = inboxTablePath(queryRunner.connection);
    for (const event of TRIGGERS)
      await queryRunner.query(
        `DROP TRIGGER IF EXISTS herald_inbox_count_${event}${pg ? ` ON ${table}` : ''}`,
      );
    if (pg)
      await queryRunner.query(
        `DROP FUNCTION IF EXISTS ${qualified(queryRunner, 'herald_inbox_count')}()`,
      );
    for (const [name] of CORRECTION_INDEXES)
      await queryRunner.query(`DROP INDEX IF EXISTS ${qualified(queryRunner, name)}`);
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${inboxCountersTablePath(queryRunner.connection)}`,
    );
  }

  private async postgresTriggers(queryRunner: QueryRunner, table: string, counters: string) {
    const fn = qualified(queryRunner, 'herald_inbox_count');
    const delta = (rows: string, sign: string) =>
      `SELECT r.user_id, ${sign}${UNREAD('r')}::int AS unread, ${sign}${UNSEEN('r')}::int AS unseen FROM ${rows} r`;
    // rows ordered by user: concurrent bulk statements lock the counters in the same order
    const upsert = (deltas: string) => `INSERT INTO ${counters} AS c (user_id, unread, unseen)
        SELECT user_id, SUM(unread), SUM(unseen) FROM (${deltas}) d
        GROUP BY user_id HAVING SUM(unread) <> 0 OR SUM(unseen) <> 0 ORDER BY user_id
        ON CONFLICT (user_id) DO UPDATE SET unread = c.unread + excluded.unread, unseen = c.unseen + excluded.unseen;`;
    await queryRunner.query(
      countFunctionSql(fn, {
        insert: upsert(delta('new_rows', '')),
        update: upsert(`${delta('new_rows', '')} UNION ALL ${delta('old_rows', '-')}`),
        delete: upsert(delta('old_rows', '-')),
      }),
    );
    const transitions = {
      insert: 'NEW TABLE AS new_rows',
      update: 'OLD TABLE AS old_rows NEW TABLE AS new_rows',
      delete: 'OLD TABLE AS old_rows',
    };
    for (const event of TRIGGERS) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS herald_inbox_count_${event} ON ${table}`);
      await queryRunner.query(
        `CREATE TRIGGER herald_inbox_count_${event} AFTER ${event.toUpperCase()} ON ${table}
         REFERENCING ${transitions[event]} FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
      );
    }
  }

  private async sqliteTriggers(queryRunner: QueryRunner, table: string, counters: string) {
    const add = (row: 'NEW' | 'OLD', sign: '' | '-') =>
      `INSERT INTO ${counters} (user_id, unread, unseen)
       VALUES (${row}.user_id, ${sign}${UNREAD(row)}, ${sign}${UNSEEN(row)})
       ON CONFLICT (user_id) DO UPDATE SET unread = unread + excluded.unread, unseen = unseen + excluded.unseen;`;
    const bodies = {
      insert: add('NEW', ''),
      update: `${add('OLD', '-')} ${add('NEW', '')}`,
      delete: add('OLD', '-'),
    };
    const events = {
      insert: 'INSERT',
      update: 'UPDATE OF user_id, read_at, seen_at, archived_at',
      delete: 'DELETE',
    };
    for (const event of TRIGGERS)
      await queryRunner.query(
        `CREATE TRIGGER IF NOT EXISTS herald_inbox_count_${event} AFTER ${events[event]} ON ${table}
         FOR EACH ROW BEGIN ${bodies[event]} END`,
      );
  }
}
