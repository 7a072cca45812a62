import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { describeNotificationStoreContract } from './__fixtures__/notification-store.contract.js';
import { DatabaseNotificationStore } from './database-notification.store.js';

describe.each(['sqlite', 'postgres'] as const)('DatabaseNotificationStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseNotificationStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseNotificationStore(db.dataSource);
  });
  afterAll(() => db.close());

  describeNotificationStoreContract(`DatabaseNotificationStore (${kind})`, () => store);
});
