import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';

/** Table of outgoing-webhook endpoints (created by `CreateWebhookEndpoints1736400000000`). */
export const WEBHOOK_ENDPOINT_TABLE = 'herald_webhook_endpoints';

/**
 * Creates `herald_webhook_endpoints` (owner, URL, event types and secrets as
 * JSON text, enabled flag, failures in a row) with an index by owner. Plain
 * SQL for SQLite and PostgreSQL; honours the data source's `schema`.
 */
export class CreateWebhookEndpoints1736400000000 implements MigrationInterface {
  name = 'CreateWebhookEndpoints1736400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, WEBHOOK_ENDPOINT_TABLE);
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        id varchar(40) NOT NULL PRIMARY KEY,
        owner varchar(255) NOT NULL,
        url text NOT NULL,
        event_types text NOT NULL,
        description varchar(255) NULL,
        enabled smallint NOT NULL,
        disabled_reason varchar(255) NULL,
        consecutive_failures integer NOT NULL,
        secrets text NOT NULL,
        created_at bigint NOT NULL,
        updated_at bigint NOT NULL
      )`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS idx_herald_webhook_endpoints_owner ON ${table} (owner, enabled)`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, WEBHOOK_ENDPOINT_TABLE)}`,
    );
  }
}
