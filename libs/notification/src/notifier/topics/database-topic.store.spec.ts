import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { describeTopicStoreContract } from './__fixtures__/topic-store.contract.js';
import { CreateTopicSubscriptions1736600000000 } from './create-topic-subscriptions.migration.js';
import { DatabaseTopicStore } from './database-topic.store.js';

it('heraldMigrations() and NOTIFIER_MIGRATIONS create the topic subscriptions table', () => {
  expect(NOTIFIER_MIGRATIONS).toContain(CreateTopicSubscriptions1736600000000);
  expect(heraldMigrations()).toContain(CreateTopicSubscriptions1736600000000);
});

describe.each(['sqlite', 'postgres'] as const)('DatabaseTopicStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseTopicStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseTopicStore(() => db.dataSource);
  });
  afterAll(() => db.close());

  describeTopicStoreContract(`DatabaseTopicStore (${kind})`, () => store);
});
