import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';
import { SUPPRESSION_TABLE } from './suppression.entity.js';

/**
 * Creates `herald_suppressions` with an index for "entries of this address"
 * (`channel, address_hash`) and one for the admin list (`created_at`).
 * Plain SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class CreateSuppressions1735400000000 implements MigrationInterface {
  name = 'CreateSuppressions1735400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, SUPPRESSION_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(64) NOT NULL PRIMARY KEY,
        channel varchar(16) NOT NULL,
        address text NOT NULL,
        address_hash varchar(64) NOT NULL,
        category varchar(255) NOT NULL,
        reason varchar(32) NOT NULL,
        source varchar(255) NOT NULL,
        created_at bigint NOT NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_suppressions_address ON ${table} (channel, address_hash)`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_suppressions_created ON ${table} (created_at)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, SUPPRESSION_TABLE)}`,
    );
  }
}
