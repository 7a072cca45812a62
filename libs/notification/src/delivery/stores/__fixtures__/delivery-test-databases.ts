import { DataSource } from 'typeorm';
import { deliveryRecordEntity } from '../../entities/delivery-record.entity.js';
import { AddDeliveryFeedback1735300000000 } from '../../migrations/add-delivery-feedback.migration.js';
import { AddDeliveryJob1736100000000 } from '../../migrations/add-delivery-job.migration.js';
import { AddSmsSegmentsToDeliveryRecords1736500000000 } from '../../migrations/add-sms-segments.migration.js';
import { AddDeliveryNotificationId1734200000000 } from '../../migrations/add-delivery-notification-id.migration.js';
import { CreateDeliveryRecords1732400000000 } from '../../migrations/create-delivery-records.migration.js';
import { createPrivateSchema } from '../../../../../../test/helpers/pg-schema.js';
import { memorySqlite } from '../../../../../../test/helpers/sqlite.js';

export { TEST_PG } from '../../../../../../test/helpers/pg-schema.js';
let seq = 0;

export interface TestDatabase {
  dataSource: DataSource;
  close(): Promise<void>;
}

/**
 * A migrated SQLite (in memory) or PostgreSQL (private schema, dropped on
 * close) data source: delivery records, plus `migrations` (run after them).
 */
export async function openDeliveryTestDatabase(
  kind: 'sqlite' | 'postgres',
  migrations: ReadonlyArray<new () => unknown> = [
    AddDeliveryNotificationId1734200000000,
    AddDeliveryFeedback1735300000000,
    AddDeliveryJob1736100000000,
    AddSmsSegmentsToDeliveryRecords1736500000000,
  ],
): Promise<TestDatabase> {
  const common = {
    entities: [deliveryRecordEntity()],
    migrations: [CreateDeliveryRecords1732400000000, ...migrations] as Array<new () => any>,
  };
  if (kind === 'sqlite') {
    const ds = new DataSource({ ...memorySqlite(), ...common });
    await ds.initialize();
    await ds.runMigrations();
    return { dataSource: ds, close: () => ds.destroy() };
  }
  const schema = await createPrivateSchema(`herald_delivery_test_${process.pid}_${++seq}`);
  const ds = new DataSource({ ...schema.options, extra: { max: 5 }, ...common });
  await ds.initialize();
  await ds.runMigrations();
  return {
    dataSource: ds,
    close: async () => {
      await ds.destroy();
      await schema.drop();
    },
  };
}
