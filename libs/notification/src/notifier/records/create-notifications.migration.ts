import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { NOTIFICATION_TABLE } from './notification-record.entity.js';

/**
 * Creates `herald_notifications` (one row per `notify()` call) with indexes
 * for the log (`created_at`) and the purge (`status, updated_at`). Plain SQL
 * for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class CreateNotifications1734200000002 implements MigrationInterface {
  name = 'CreateNotifications1734200000002';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, NOTIFICATION_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        type varchar(255) NOT NULL,
        category varchar(255) NOT NULL,
        critical integer NOT NULL DEFAULT 0,
        status varchar(16) NOT NULL,
        recipients integer NOT NULL DEFAULT 0,
        deliveries integer NOT NULL DEFAULT 0,
        idempotency_key varchar(255) NULL,
        send_at bigint NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      )`,
    );
    for (const [name, columns] of [
      ['idx_herald_notifications_created', 'created_at'],
      ['idx_herald_notifications_status_updated', 'status, updated_at'],
    ]) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, NOTIFICATION_TABLE)}`,
    );
  }
}
