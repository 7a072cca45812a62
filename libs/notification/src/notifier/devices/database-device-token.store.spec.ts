import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { describeDeviceTokenStoreContract } from './__fixtures__/device-token-store.contract.js';
import { DatabaseDeviceTokenStore } from './database-device-token.store.js';

describe.each(['sqlite', 'postgres'] as const)('DatabaseDeviceTokenStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseDeviceTokenStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseDeviceTokenStore(() => db.dataSource);
  });
  afterAll(() => db.close());

  describeDeviceTokenStoreContract(`DatabaseDeviceTokenStore (${kind})`, () => store);

  it('lists the tokens of more users than one statement can carry', async () => {
    const users = Array.from({ length: 1200 }, (_, i) => `bulk-${kind}-${i}`);
    for (const userId of users.filter((_, i) => i % 100 === 0))
      await store.register({ userId, token: `tok-${userId}`, platform: 'fcm' });
    const live = await store.listLive(users);
    expect(live.map((t) => t.userId).sort()).toEqual(users.filter((_, i) => i % 100 === 0).sort());
  });
});
