import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { describeNotificationPreferenceStoreContract } from './__fixtures__/notification-preference-store.contract.js';
import { DatabaseNotificationPreferenceStore } from './database-notification-preference.store.js';

describe.each(['sqlite', 'postgres'] as const)(
  'DatabaseNotificationPreferenceStore on %s',
  (kind) => {
    let db: TestDatabase;
    let store: DatabaseNotificationPreferenceStore;

    beforeAll(async () => {
      db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
      store = new DatabaseNotificationPreferenceStore(() => db.dataSource);
    });
    afterAll(() => db.close());

    describeNotificationPreferenceStoreContract(
      `DatabaseNotificationPreferenceStore (${kind})`,
      () => store,
    );

    it('lists the choices of more users than one statement can carry', async () => {
      const users = Array.from({ length: 1200 }, (_, i) => `bulk-${kind}-${i}`);
      const chosen = users.filter((_, i) => i % 100 === 0);
      for (const userId of chosen)
        await store.set({ userId, category: 'bulk', channel: 'sms', enabled: false });
      const rows = await store.listFor(users, 'bulk');
      expect(rows.map((r) => r.userId).sort()).toEqual([...chosen].sort());
    });
  },
);
