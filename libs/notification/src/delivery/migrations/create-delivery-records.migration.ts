import type { MigrationInterface, QueryRunner } from 'typeorm';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

/**
 * Creates `herald_delivery_records` with indexes for the status queries
 * (`status, created_at`), the log (`created_at`) and the purge (`updated_at`).
 * Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class CreateDeliveryRecords1732400000000 implements MigrationInterface {
  name = 'CreateDeliveryRecords1732400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        channel varchar(16) NOT NULL,
        backend varchar(255) NOT NULL,
        recipient varchar(1024) NOT NULL,
        status varchar(16) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        last_error text NULL,
        provider_message_id varchar(255) NULL,
        idempotency_key varchar(255) NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        sent_at bigint NULL
      )`,
    );
    for (const [name, columns] of [
      ['idx_herald_delivery_status_created', 'status, created_at'],
      ['idx_herald_delivery_created', 'created_at'],
      ['idx_herald_delivery_updated', 'updated_at'],
    ]) {
      await queryRunner.query(`CREATE INDEX IF NOT EXISTS ${name} ON ${table} (${columns})`);
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE IF EXISTS ${deliveryTablePath(queryRunner.connection)}`);
  }
}
