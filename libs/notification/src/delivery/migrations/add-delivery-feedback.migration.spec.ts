import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../stores/__fixtures__/delivery-test-databases.js';
import { DatabaseDeliveryStore } from '../stores/database-delivery.store.js';
import { migrationProbe } from '../../typeorm/__fixtures__/migration-test-database.js';
import { AddDeliveryFeedback1735300000000 } from './add-delivery-feedback.migration.js';
import { AddDeliveryJob1736100000000 } from './add-delivery-job.migration.js';
import { AddSmsSegmentsToDeliveryRecords1736500000000 } from './add-sms-segments.migration.js';

describe.each(['sqlite', 'postgres'] as const)('AddDeliveryFeedback1735300000000 on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind);
  });
  afterAll(() => db?.close());

  const columns = () => migrationProbe(db.dataSource).columns('herald_delivery_records');

  it('adds the feedback columns, undoes cleanly and runs again over existing rows', async () => {
    const store = new DatabaseDeliveryStore(db.dataSource);
    await store.create({ id: 'dlv_m1', channel: 'sms', backend: 'tw', recipient: '+15551234567' });
    expect(await columns()).toEqual(
      expect.arrayContaining(['provider_status_at', 'provider_reason']),
    );
    await db.dataSource.undoLastMigration(); // AddSmsSegmentsToDeliveryRecords1736500000000, which came after
    await db.dataSource.undoLastMigration(); // AddDeliveryJob1736100000000, which came after
    await db.dataSource.undoLastMigration();
    expect(await columns()).not.toContain('provider_reason');
    expect(await columns()).not.toContain('provider_status_at');
    await migrationProbe(db.dataSource).up(
      new AddDeliveryFeedback1735300000000(),
      new AddDeliveryFeedback1735300000000(), // idempotent
      new AddDeliveryJob1736100000000(),
      new AddSmsSegmentsToDeliveryRecords1736500000000(),
    );
    await store.transition('dlv_m1', 'sending');
    await store.transition('dlv_m1', 'sent', { providerMessageId: 'SMm1' });
    const delivered = await store.transition('dlv_m1', 'delivered', { providerReason: 'ok' });
    expect(delivered).toMatchObject({ status: 'delivered', providerReason: 'ok' });
  });
});
