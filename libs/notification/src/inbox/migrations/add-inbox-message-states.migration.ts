import type { MigrationInterface, QueryRunner } from 'typeorm';
import { INBOX_TABLE } from '../inbox.constants.js';
import { inboxTablePath } from '../stores/inbox-sql.util.js';

/** Columns added to `herald_inbox_messages`, with what existing rows get. */
const COLUMNS: Array<[string, string]> = [
  ['seen_at', 'bigint NULL'],
  ['archived_at', 'bigint NULL'],
  ['snoozed_until', 'bigint NULL'],
  ['listed_at', 'bigint NOT NULL DEFAULT 0'],
  ['tags', `text NOT NULL DEFAULT '[]'`],
  ['severity', `varchar(8) NOT NULL DEFAULT 'normal'`],
  ['actions', `text NOT NULL DEFAULT '[]'`],
];

/**
 * The keyset indexes of the inbox's tabs, all on `(user_id, listed_at, id)`: every
 * message (`all`, `snoozed`), the default list and its filters (not archived),
 * unread, unseen, and archived. Each tab's page walks one of them newest first,
 * no sort; the unread and unseen counts of the bell read only their own rows.
 */
export const INBOX_LIST_INDEXES: Array<[string, string | undefined]> = [
  ['idx_herald_inbox_user_listed', undefined],
  ['idx_herald_inbox_user_listed_active', 'archived_at IS NULL'],
  ['idx_herald_inbox_user_listed_unread', 'archived_at IS NULL AND read_at IS NULL'],
  ['idx_herald_inbox_user_listed_unseen', 'archived_at IS NULL AND seen_at IS NULL'],
  ['idx_herald_inbox_user_listed_archived', 'archived_at IS NOT NULL'],
];

/**
 * PostgreSQL (14 and later): statistics on `tags::jsonb`, so the planner knows how
 * common a tag is. Without them it guesses any tag matches 1% of a user's
 * messages and sorts a bitmap scan instead of walking the list index for a tab
 * whose tag is common; with them a common tag's page stays on the index (a rare
 * tag's page is a bitmap scan and a small sort, the better plan there).
 */
const TAGS_STATISTICS = 'herald_inbox_tags_stats';

/** Indexes of `CreateInboxMessages1732300000000` the list no longer uses (ordered by `created_at`). */
const OLD_INDEXES: Array<[string, string | undefined]> = [
  ['idx_herald_inbox_user_created', undefined],
  ['idx_herald_inbox_user_unread', 'read_at IS NULL'],
];

/**
 * Adds the states of issue 24 to `herald_inbox_messages`: `seen_at`,
 * `archived_at`, `snoozed_until` (epoch ms), `listed_at` (the list position:
 * `created_at`, or the end of a snooze), `tags` and `actions` (JSON text),
 * `severity`. Existing rows become `listed_at = created_at`, `seen_at = read_at`
 * (read implies seen), no tags, severity `normal`, no actions. Replaces the
 * `created_at` list indexes by `INBOX_LIST_INDEXES`. Run it after
 * `CreateInboxMessages1732300000000` (both are in `heraldMigrations()`).
 * On PostgreSQL 14 and later it also creates statistics on `tags::jsonb`
 * (`herald_inbox_tags_stats`) so tag tabs are planned on the list index.
 * Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class AddInboxMessageStates1736200000000 implements MigrationInterface {
  name = 'AddInboxMessageStates1736200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = inboxTablePath(queryRunner.connection);
    const existing = await this.columns(queryRunner);
    for (const [name, definition] of COLUMNS)
      if (!existing.includes(name))
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN ${name} ${definition}`);
    if (!existing.includes('listed_at'))
      await queryRunner.query(
        `UPDATE ${table} SET listed_at = created_at, seen_at = read_at WHERE listed_at = 0`,
      );
    for (const [name] of OLD_INDEXES)
      await queryRunner.query(`DROP INDEX IF EXISTS ${this.index(queryRunner, name)}`);
    for (const [name, where] of INBOX_LIST_INDEXES)
      await queryRunner.query(
        `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (user_id, listed_at, id)${where ? ` WHERE ${where}` : ''}`,
      );
    if (await this.expressionStatistics(queryRunner))
      await queryRunner.query(
        `CREATE STATISTICS IF NOT EXISTS ${this.index(queryRunner, TAGS_STATISTICS)} ON ((tags::jsonb)) FROM ${table}`,
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = inboxTablePath(queryRunner.connection);
    if (await this.expressionStatistics(queryRunner))
      await queryRunner.query(
        `DROP STATISTICS IF EXISTS ${this.index(queryRunner, TAGS_STATISTICS)}`,
      );
    for (const [name] of INBOX_LIST_INDEXES)
      await queryRunner.query(`DROP INDEX IF EXISTS ${this.index(queryRunner, name)}`);
    for (const [name, where] of OLD_INDEXES)
      await queryRunner.query(
        `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (user_id, created_at, id)${where ? ` WHERE ${where}` : ''}`,
      );
    for (const [name] of [...COLUMNS].reverse())
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN ${name}`);
  }

  private async columns(queryRunner: QueryRunner): Promise<string[]> {
    const { connection } = queryRunner;
    if (connection.options.type === 'postgres') {
      const schema = (connection.options as { schema?: string }).schema;
      const rows = (await queryRunner.query(
        `SELECT column_name AS name FROM information_schema.columns WHERE table_name = $1 AND table_schema = ${schema ? '$2' : 'current_schema()'}`,
        schema ? [INBOX_TABLE, schema] : [INBOX_TABLE],
      )) as Array<{ name: string }>;
      return rows.map((r) => r.name);
    }
    const rows = (await queryRunner.query(`PRAGMA table_info("${INBOX_TABLE}")`)) as Array<{
      name: string;
    }>;
    return rows.map((r) => r.name);
  }

  /** PostgreSQL 14 and later keep statistics on expressions. */
  private async expressionStatistics(queryRunner: QueryRunner): Promise<boolean> {
    if (queryRunner.connection.options.type !== 'postgres') return false;
    const [{ version }] = (await queryRunner.query(
      `SELECT current_setting('server_version_num')::int AS version`,
    )) as Array<{ version: number }>;
    return version >= 140000;
  }

  /** An index name, schema-qualified on PostgreSQL when the data source has a `schema`. */
  private index(queryRunner: QueryRunner, name: string): string {
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    return schema && queryRunner.connection.options.type === 'postgres'
      ? `${queryRunner.connection.driver.escape(schema)}.${name}`
      : name;
  }
}
