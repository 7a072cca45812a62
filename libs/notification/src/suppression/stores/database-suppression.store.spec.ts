import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { NOTIFIER_MIGRATIONS } from '../../notifier/notifier.migrations.js';
import { describeSuppressionStoreContract } from '../__fixtures__/suppression-store.contract.js';
import { suppressionId } from '../normalize-address.util.js';
import { DatabaseSuppressionStore } from './database-suppression.store.js';

describe.each(['sqlite', 'postgres'] as const)('DatabaseSuppressionStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseSuppressionStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseSuppressionStore(() => db.dataSource);
  });
  afterAll(() => db.close());

  describeSuppressionStoreContract(`DatabaseSuppressionStore (${kind})`, () => store);

  it('checks more addresses at once than one statement can carry', async () => {
    const phones = Array.from({ length: 1300 }, (_, i) => `+1666${String(i).padStart(7, '0')}`);
    for (const phone of phones.filter((_, i) => i % 250 === 0))
      await store.add({
        id: suppressionId('sms', phone, null),
        channel: 'sms',
        address: phone,
        category: null,
        reason: 'sms_stop',
        source: 'test',
        createdAt: new Date(),
      });
    const found = await store.findMatches(phones.map((address) => ({ channel: 'sms', address })));
    expect(found.map((e, i) => (e ? i : -1)).filter((i) => i >= 0)).toEqual([
      0, 250, 500, 750, 1000, 1250,
    ]);
  });
});
