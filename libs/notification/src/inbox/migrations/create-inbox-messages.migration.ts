import type { MigrationInterface, QueryRunner } from 'typeorm';
import { inboxTablePath } from '../stores/inbox-sql.util.js';

/**
 * Creates `herald_inbox_messages` and the indexes that keep a 100,000-message
 * inbox fast: newest-first pages `(user_id, created_at, id)`, unread pages and
 * counts (partial indexes on `read_at IS NULL`), and the retention purge
 * `(expires_at)`. Plain SQL understood by SQLite and PostgreSQL; honours the
 * data source's `schema` option. Add it to your TypeORM `migrations`.
 */
export class CreateInboxMessages1732300000000 implements MigrationInterface {
  name = 'CreateInboxMessages1732300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = inboxTablePath(queryRunner.connection);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(36) NOT NULL PRIMARY KEY,
        user_id varchar(255) NOT NULL,
        title text NOT NULL,
        body text NOT NULL,
        category varchar(100) NULL,
        action_url text NULL,
        data text NULL,
        read_at bigint NULL,
        created_at bigint NOT NULL,
        expires_at bigint NOT NULL
      )`,
    );
    const indexes: Array<[string, string, string?]> = [
      ['idx_herald_inbox_user_created', 'user_id, created_at, id'],
      ['idx_herald_inbox_user_unread', 'user_id, created_at, id', 'read_at IS NULL'],
      ['idx_herald_inbox_user_unread_exp', 'user_id, expires_at', 'read_at IS NULL'],
      ['idx_herald_inbox_expires', 'expires_at'],
    ];
    for (const [name, columns, where] of indexes) {
      await queryRunner.query(
        `CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})${where ? ` WHERE ${where}` : ''}`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS ${inboxTablePath(queryRunner.connection)}`);
  }
}
