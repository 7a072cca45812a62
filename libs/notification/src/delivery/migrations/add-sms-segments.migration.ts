import type { MigrationInterface, QueryRunner } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity.js';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

const COLUMNS = [
  ['sms_segments', 'integer'],
  ['sms_encoding', 'varchar(8)'],
] as const;

/**
 * Adds `sms_segments` and `sms_encoding` to `herald_delivery_records`: what
 * an SMS record's body costs (the parts the carrier bills, `GSM-7` or
 * `UCS-2`), both null for other channels and for rows written before. Run it
 * after `AddDeliveryJob1736100000000` (it is part of `NOTIFIER_MIGRATIONS`).
 * Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class AddSmsSegmentsToDeliveryRecords1736500000000 implements MigrationInterface {
  name = 'AddSmsSegmentsToDeliveryRecords1736500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    if (queryRunner.connection.options.type === 'postgres') {
      for (const [column, type] of COLUMNS)
        await queryRunner.query(
          `ALTER TABLE ${table} ADD COLUMN IF NOT EXISTS ${column} ${type} NULL`,
        );
      return;
    }
    const existing = (await queryRunner.query(`PRAGMA table_info("${DELIVERY_TABLE}")`)) as Array<{
      name: string;
    }>;
    for (const [column, type] of COLUMNS)
      if (!existing.some((c) => c.name === column))
        await queryRunner.query(`ALTER TABLE ${table} ADD COLUMN ${column} ${type} NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    for (const [column] of COLUMNS)
      await queryRunner.query(`ALTER TABLE ${table} DROP COLUMN ${column}`);
  }
}
