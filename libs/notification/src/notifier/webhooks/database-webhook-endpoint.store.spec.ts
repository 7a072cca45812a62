import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../../delivery/stores/__fixtures__/delivery-test-databases.js';
import { heraldMigrations } from '../../typeorm/herald-migrations.util.js';
import { NOTIFIER_MIGRATIONS } from '../notifier.migrations.js';
import { describeWebhookEndpointStoreContract } from './__fixtures__/webhook-endpoint-store.contract.js';
import { CreateWebhookEndpoints1736400000000 } from './create-webhook-endpoints.migration.js';
import { DatabaseWebhookEndpointStore } from './database-webhook-endpoint.store.js';

it('heraldMigrations() and NOTIFIER_MIGRATIONS create the webhook endpoints table', () => {
  expect(NOTIFIER_MIGRATIONS).toContain(CreateWebhookEndpoints1736400000000);
  expect(heraldMigrations()).toContain(CreateWebhookEndpoints1736400000000);
});

describe.each(['sqlite', 'postgres'] as const)('DatabaseWebhookEndpointStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseWebhookEndpointStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind, NOTIFIER_MIGRATIONS);
    store = new DatabaseWebhookEndpointStore(() => db.dataSource);
  });
  afterAll(() => db.close());

  describeWebhookEndpointStoreContract(`DatabaseWebhookEndpointStore (${kind})`, () => store);
});
