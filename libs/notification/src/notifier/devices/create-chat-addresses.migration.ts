import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { CHAT_ADDRESS_TABLE } from './database-chat-address.store.js';

/**
 * Creates `herald_chat_addresses` (per-user chat addresses, beside
 * `herald_device_tokens`) with an index on `user_id`. Plain SQL for SQLite
 * and PostgreSQL; honours the data source's `schema`.
 */
export class CreateChatAddresses1736300000000 implements MigrationInterface {
  name = 'CreateChatAddresses1736300000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, CHAT_ADDRESS_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        user_id varchar(255) NOT NULL,
        address varchar(255) NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_chat_addresses_user ON ${table} (user_id)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, CHAT_ADDRESS_TABLE)}`,
    );
  }
}
