import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { NOTIFICATION_TABLE } from '../records/notification-record.entity.js';
import { OUTBOX_TABLE } from './outbox-record.entity.js';

/**
 * Creates `herald_notification_outbox` (notifications written inside an
 * application transaction, relayed after commit) with a unique index on the
 * idempotency key and the relay's index (`status, available_at`), and makes
 * the idempotency key of `herald_notifications` unique too, so one key is one
 * notification however many processes call at once. Plain SQL for SQLite and
 * PostgreSQL; honours the data source's `schema`.
 */
export class CreateNotificationOutbox1735200000000 implements MigrationInterface {
  name = 'CreateNotificationOutbox1735200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, OUTBOX_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        idempotency_key varchar(255) NULL,
        type varchar(255) NOT NULL,
        payload text NOT NULL,
        status varchar(16) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        locked_by varchar(64) NULL,
        locked_until bigint NULL,
        available_at bigint NOT NULL,
        last_error text NULL,
        created_at bigint NOT NULL,
        processed_at bigint NULL
      )`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS uq_herald_outbox_idempotency ON ${table} (idempotency_key)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_outbox_status_available ON ${table} (status, available_at)`,
    );
    await queryRunner.query(
      `CREATE UNIQUE INDEX IF NOT EXISTS uq_herald_notifications_idempotency
       ON ${sqlTablePath(queryRunner.connection, NOTIFICATION_TABLE)} (idempotency_key)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const index = schema
      ? `"${schema.replace(/"/g, '""')}".uq_herald_notifications_idempotency`
      : 'uq_herald_notifications_idempotency';
    await queryRunner.query(`DROP INDEX IF EXISTS ${index}`);
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, OUTBOX_TABLE)}`,
    );
  }
}
