import { describeDeliveryStoreContract } from './__fixtures__/delivery-store.contract.js';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from './__fixtures__/delivery-test-databases.js';
import { HeraldError } from '@herald/contracts';
import { DatabaseDeliveryStore } from './database-delivery.store.js';

describe.each(['sqlite', 'postgres'] as const)('DatabaseDeliveryStore on %s', (kind) => {
  let db: TestDatabase;
  let store: DatabaseDeliveryStore;

  beforeAll(async () => {
    db = await openDeliveryTestDatabase(kind);
    store = new DatabaseDeliveryStore(db.dataSource);
  });
  afterAll(() => db.close());

  describeDeliveryStoreContract(`DatabaseDeliveryStore (${kind})`, () => store);

  it('reports a record that conflicts on insert but cannot be read back as a typed error', async () => {
    await store.create({ id: `gone_${kind}`, channel: 'sms', backend: 'tw', recipient: '+1' });
    jest.spyOn(store, 'get').mockResolvedValueOnce(undefined); // deleted between INSERT and SELECT
    const error = await store
      .create({ id: `gone_${kind}`, channel: 'sms', backend: 'tw', recipient: '+1' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldError);
    expect(error).toMatchObject({ code: 'HERALD_DELIVERY_RECORD_CONFLICT' });
    expect((error as Error).message).toContain(`"gone_${kind}"`);
  });

  it('lets exactly one of many concurrent claimers move a record', async () => {
    const { record } = await store.create({
      id: `race_${kind}`,
      channel: 'push',
      backend: 'fcm',
      recipient: 'tok',
    });
    await store.transition(record.id, 'sending');
    const outcomes = await Promise.allSettled(
      Array.from({ length: 8 }, () =>
        store.transition(record.id, 'sent', { providerMessageId: 'm' }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
  });

  it('round-trips every field', async () => {
    const sentAt = new Date(1_700_000_000_123);
    const { record } = await store.create({
      id: `fields_${kind}`,
      channel: 'mail',
      backend: 'smtp',
      recipient: 'ada@example.com, bob@example.com',
      idempotencyKey: 'welcome:1',
    });
    await store.transition(record.id, 'sending', { attempts: 1 });
    await store.transition(record.id, 'sent', {
      providerMessageId: '<x@y>',
      sentAt,
      backend: 'sendgrid',
      lastError: 'it\'s "quoted"',
    });
    expect(await store.get(record.id)).toMatchObject({
      channel: 'mail',
      backend: 'sendgrid',
      recipient: 'ada@example.com, bob@example.com',
      status: 'sent',
      attempts: 1,
      providerMessageId: '<x@y>',
      idempotencyKey: 'welcome:1',
      lastError: 'it\'s "quoted"',
      sentAt,
    });
  });
});
