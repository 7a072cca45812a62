import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity.js';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

/**
 * Adds `job` to `herald_delivery_records`: the queue job of a `queued`
 * record (backends, message, labels as JSON), written with the record and
 * cleared when the record leaves `queued`, so the sweeper can enqueue again
 * a record whose job was never added (a caller killed between the two
 * writes). A partial index keeps the sweeper's look-up off the rest of the
 * table. Run it after `AddDeliveryFeedback1735300000000` (it is part of
 * `NOTIFIER_MIGRATIONS`). Plain SQL for SQLite and PostgreSQL; honours the
 * data source's `schema`.
 */
export class AddDeliveryJob1736100000000 implements MigrationInterface {
  name = 'AddDeliveryJob1736100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS job text NULL`);
    } else {
      const columns = (await queryRunner.query(`PRAGMA table_info("${DELIVERY_TABLE}")`)) as Array<{
        name: string;
      }>;
      if (!columns.some((c) => c.name === 'job'))
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN job text NULL`);
    }
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_delivery_queued ON ${table} (created_at) WHERE status = 'queued'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const index = schema
      ? `"${schema.replace(/"/g, '""')}".idx_herald_delivery_queued`
      : 'idx_herald_delivery_queued';
    await queryRunner.query(`DROP INDEX IF EXISTS ${index}`);
    await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN job`);
  }
}
