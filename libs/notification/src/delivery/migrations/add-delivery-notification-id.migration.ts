import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity.js';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

/**
 * Adds `notification_id` to `herald_delivery_records` (the notification a
 * delivery belongs to, set by `NotifierService`) and an index to list a
 * notification's deliveries. Run it after `CreateDeliveryRecords1732400000000`.
 * Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class AddDeliveryNotificationId1734200000000 implements MigrationInterface {
  name = 'AddDeliveryNotificationId1734200000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    if (queryRunner.connection.options.type === 'postgres') {
      await queryRunner.query(
        `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS notification_id varchar(64) NULL`,
      );
    } else {
      const columns = (await queryRunner.query(`PRAGMA table_info("${DELIVERY_TABLE}")`)) as Array<{
        name: string;
      }>;
      if (!columns.some((c) => c.name === 'notification_id'))
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN notification_id varchar(64) NULL`);
    }
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_delivery_notification ON ${table} (notification_id, created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    const schema = (queryRunner.connection.options as { schema?: string }).schema;
    const index = schema
      ? `"${schema.replace(/"/g, '""')}".idx_herald_delivery_notification`
      : 'idx_herald_delivery_notification';
    await queryRunner.query(`DROP INDEX IF EXISTS ${index}`);
    await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN notification_id`);
  }
}
