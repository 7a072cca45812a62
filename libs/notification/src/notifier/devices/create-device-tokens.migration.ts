import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { DEVICE_TOKEN_TABLE } from './device-token.entity.js';

/**
 * Creates `herald_device_tokens` with an index for "live tokens of these
 * users" (`user_id, dead_at`). Plain SQL for SQLite and PostgreSQL; honours
 * the data source's `schema`.
 */
export class CreateDeviceTokens1734200000001 implements MigrationInterface {
  name = 'CreateDeviceTokens1734200000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, DEVICE_TOKEN_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        token text NOT NULL,
        user_id varchar(255) NOT NULL,
        platform varchar(16) NOT NULL,
        app varchar(255) NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL,
        dead_at bigint NULL,
        dead_reason varchar(255) NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_device_tokens_user ON ${table} (user_id, dead_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, DEVICE_TOKEN_TABLE)}`,
    );
  }
}
