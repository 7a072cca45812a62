import type { MigrationInterface, QueryRunner } from 'typeorm';
import { deliveryTablePath } from '../stores/delivery-sql.util.js';

/**
 * E-mail's channel is `mail` everywhere Herald outputs it; releases before 0.2
 * wrote `email` in `herald_delivery_records.channel`. This renames those rows
 * (part of `heraldMigrations()` and `NOTIFIER_MIGRATIONS`, after
 * `CreateDeliveryRecords1732400000000`). Plain SQL for SQLite and PostgreSQL;
 * honours the data source's `schema`.
 */
export class RenameEmailChannelToMail1736000000000 implements MigrationInterface {
  name = 'RenameEmailChannelToMail1736000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    await queryRunner.query(`UPDATE ${table} SET channel = 'mail' WHERE channel = 'email'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    const table = deliveryTablePath(queryRunner.connection);
    await queryRunner.query(`UPDATE ${table} SET channel = 'email' WHERE channel = 'mail'`);
  }
}
