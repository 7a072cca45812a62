import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../stores/__fixtures__/delivery-test-databases.js';
import { DatabaseDeliveryStore } from '../stores/database-delivery.store.js';
import { migrationProbe } from '../../typeorm/__fixtures__/migration-test-database.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { NOTIFIER_MIGRATIONS } from '../../notifier/notifier.migrations.js';
import { AddSmsSegmentsToDeliveryRecords1736500000000 } from './add-sms-segments.migration.js';

describe.each(['sqlite', 'postgres'] as const)(
  'AddSmsSegmentsToDeliveryRecords1736500000000 on %s',
  (kind) => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openDeliveryTestDatabase(kind);
    });
    afterAll(() => db?.close());

    const columns = () => migrationProbe(db.dataSource).columns('herald_delivery_records');

    it('adds both columns, undoes cleanly and runs again over existing rows', async () => {
      const store = new DatabaseDeliveryStore(db.dataSource);
      expect(await columns()).toEqual(expect.arrayContaining(['sms_segments', 'sms_encoding']));
      await db.dataSource.undoLastMigration();
      expect(await columns()).not.toContain('sms_segments');
      expect(await columns()).not.toContain('sms_encoding');
      await migrationProbe(db.dataSource).up(
        new AddSmsSegmentsToDeliveryRecords1736500000000(),
        new AddSmsSegmentsToDeliveryRecords1736500000000(), // idempotent
      );
      const { record } = await store.create({
        id: `dlv_seg_${process.pid}`,
        channel: 'sms',
        backend: 'tw',
        recipient: '+15551234567',
        smsSegments: 2,
        smsEncoding: 'UCS-2',
      });
      expect(await store.get(record.id)).toMatchObject({ smsSegments: 2, smsEncoding: 'UCS-2' });
    });
  },
);

describe('AddSmsSegmentsToDeliveryRecords1736500000000 registration', () => {
  it('is in NOTIFIER_MIGRATIONS and in heraldMigrations(), after AddDeliveryJob', () => {
    expect(NOTIFIER_MIGRATIONS).toContain(AddSmsSegmentsToDeliveryRecords1736500000000);
    const names = heraldMigrations().map((m) => new m().name);
    expect(names).toContain('AddSmsSegmentsToDeliveryRecords1736500000000');
    expect(names.indexOf('AddSmsSegmentsToDeliveryRecords1736500000000')).toBeGreaterThan(
      names.indexOf('AddDeliveryJob1736100000000'),
    );
  });
});
