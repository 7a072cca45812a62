import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { NOTIFICATION_PREFERENCE_TABLE } from './notification-preference.entity.js';

/**
 * Creates `herald_notification_preferences`, keyed by user, category and
 * channel (so "this user's choices" and "these users' choices for a
 * category" are both key lookups). Plain SQL for SQLite and PostgreSQL;
 * honours the data source's `schema`.
 */
export class CreateNotificationPreferences1735000000000 implements MigrationInterface {
  name = 'CreateNotificationPreferences1735000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, NOTIFICATION_PREFERENCE_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        user_id varchar(255) NOT NULL,
        category varchar(100) NOT NULL,
        channel varchar(64) NOT NULL,
        enabled smallint NOT NULL,
        updated_at bigint NOT NULL,
        PRIMARY KEY (user_id, category, channel)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, NOTIFICATION_PREFERENCE_TABLE)}`,
    );
  }
}
