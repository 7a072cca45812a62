import type { MigrationInterface, QueryRunner } from 'typeorm';
import { sqlTablePath } from '../../utils/sql-store.util.js';

/** Table of topic subscriptions (created by `CreateTopicSubscriptions1736600000000`). */
export const TOPIC_SUBSCRIPTION_TABLE = 'herald_topic_subscriptions';

/**
 * Creates `herald_topic_subscriptions` (topic key, subscriber id, the
 * routing fields as JSON text when an object was subscribed) with the
 * primary key (topic key, subscriber id): the index the keyset pages of a
 * fan-out walk. On PostgreSQL the subscriber id is collated `"C"` (byte
 * order, as SQLite compares), so the order is the index's whatever the
 * database's locale. Plain SQL; honours the data source's `schema`.
 */
export class CreateTopicSubscriptions1736600000000 implements MigrationInterface {
  name = 'CreateTopicSubscriptions1736600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const table = sqlTablePath(queryRunner.connection, TOPIC_SUBSCRIPTION_TABLE);
    const collate = queryRunner.connection.options.type === 'postgres' ? ' COLLATE "C"' : '';
    await queryRunner.query(
      `CREATE TABLE IF NOT EXISTS ${table} (
        topic_key varchar(255)${collate} NOT NULL,
        subscriber_id varchar(255)${collate} NOT NULL,
        recipient text NULL,
        created_at bigint NOT NULL,
        PRIMARY KEY (topic_key, subscriber_id)
      )`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `DROP TABLE IF EXISTS ${sqlTablePath(queryRunner.connection, TOPIC_SUBSCRIPTION_TABLE)}`,
    );
  }
}
