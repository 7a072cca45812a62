import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../stores/__fixtures__/delivery-test-databases.js';
import { DatabaseDeliveryStore } from '../stores/database-delivery.store.js';
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

    const columns = async () => {
      const table = 'herald_delivery_records';
      const rows =
        kind === 'sqlite'
          ? ((await db.dataSource.query(`PRAGMA table_info("${table}")`)) as Array<{
              name: string;
            }>)
          : ((await db.dataSource.query(
              `SELECT column_name AS name FROM information_schema.columns
               WHERE table_schema = $1 AND table_name = $2`,
              [(db.dataSource.options as { schema?: string }).schema, table],
            )) as Array<{ name: string }>);
      return rows.map((r) => r.name);
    };

    it('adds both columns, undoes cleanly and runs again over existing rows', async () => {
      const store = new DatabaseDeliveryStore(db.dataSource);
      expect(await columns()).toEqual(expect.arrayContaining(['sms_segments', 'sms_encoding']));
      await db.dataSource.undoLastMigration();
      expect(await columns()).not.toContain('sms_segments');
      expect(await columns()).not.toContain('sms_encoding');
      const runner = db.dataSource.createQueryRunner();
      try {
        await new AddSmsSegmentsToDeliveryRecords1736500000000().up(runner);
        await new AddSmsSegmentsToDeliveryRecords1736500000000().up(runner); // idempotent
      } finally {
        await runner.release();
      }
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
