import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity.js';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

const COLUMNS: ReadonlyArray<[string, string]> = [
  ['provider_status_at', 'bigint NULL'],
  ['provider_reason', 'text NULL'],
];

/**
 * Adds what status webhooks record on `herald_delivery_records`: the
 * provider's timestamp and reason of the last feedback status, and an index
 * to find a record by its provider message id. Run it after
 * `AddDeliveryNotificationId1734200000000` (it is part of
 * `NOTIFIER_MIGRATIONS`). Plain SQL for SQLite and PostgreSQL; honours the
 * data source's `schema`.
 */
export class AddDeliveryFeedback1735300000000 implements MigrationInterface {
  name = 'AddDeliveryFeedback1735300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    const postgres = queryRunner.connection.options.type === 'postgres';
    const existing = postgres
      ? new Set<string>()
      : new Set(
          (
            (await queryRunner.query(`PRAGMA table_info("${DELIVERY_TABLE}")`)) as Array<{
              name: string;
            }>
          ).map((c) => c.name),
        );
    for (const [name, type] of COLUMNS) {
      if (postgres)
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${name} ${type}`);
      else if (!existing.has(name))
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN ${name} ${type}`);
    }
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_delivery_provider_message ON ${table} (provider_message_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const index = schema
      ? `"${schema.replace(/"/g, '""')}".idx_herald_delivery_provider_message`
      : 'idx_herald_delivery_provider_message';
    await queryRunner.query(`DROP INDEX IF EXISTS ${index}`);
    for (const [name] of COLUMNS)
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN ${name}`);
  }
}
