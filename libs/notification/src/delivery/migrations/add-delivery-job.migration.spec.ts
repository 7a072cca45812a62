import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../stores/__fixtures__/delivery-test-databases.js';
import { DatabaseDeliveryStore } from '../stores/database-delivery.store.js';
import { migrationProbe } from '../../typeorm/__fixtures__/migration-test-database.js';
import { AddDeliveryJob1736100000000 } from './add-delivery-job.migration.js';
import { AddSmsSegmentsToDeliveryRecords1736500000000 } from './add-sms-segments.migration.js';

describe.each(['sqlite', 'postgres'] as const)('AddDeliveryJob1736100000000 on %s', (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind);
  });
  afterAll(() => db?.close());

  const columns = () => migrationProbe(db.dataSource).columns('herald_delivery_records');

  it('adds the job column, undoes cleanly and runs again over existing rows', async () => {
    const store = new DatabaseDeliveryStore(db.dataSource);
    const job = {
      id: 'dlv_j1',
      channel: 'sms',
      backends: ['tw'],
      message: { to: '+1', body: 'hi' },
    };
    await store.create({
      id: 'dlv_j1',
      channel: 'sms',
      backend: 'tw',
      recipient: '+15551234567',
      createdAt: new Date(1000),
      job,
    });
    expect(await columns()).toContain('job');
    await db.dataSource.undoLastMigration(); // AddSmsSegmentsToDeliveryRecords1736500000000, which came after
    await db.dataSource.undoLastMigration();
    expect(await columns()).not.toContain('job');
    await migrationProbe(db.dataSource).up(
      new AddDeliveryJob1736100000000(),
      new AddDeliveryJob1736100000000(), // idempotent
      new AddSmsSegmentsToDeliveryRecords1736500000000(),
    );
    // the record written before the undo lost its job: not a sweep candidate, still readable
    expect(await store.findQueuedJobs({ before: new Date(2000), limit: 10 })).toEqual([]);
    expect((await store.get('dlv_j1'))?.status).toBe('queued');
    await store.create({
      id: 'dlv_j2',
      channel: 'sms',
      backend: 'tw',
      recipient: '+15551234567',
      createdAt: new Date(1001),
      job: { ...job, id: 'dlv_j2' },
    });
    expect(await store.findQueuedJobs({ before: new Date(2000), limit: 10 })).toMatchObject([
      { id: 'dlv_j2', backends: ['tw'], message: { to: '+1', body: 'hi' } },
    ]);
    await store.transition('dlv_j2', 'sending');
    expect(await store.findQueuedJobs({ before: new Date(2000), limit: 10 })).toEqual([]);
  });
});
