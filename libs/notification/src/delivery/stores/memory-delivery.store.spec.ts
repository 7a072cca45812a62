import { describeDeliveryStoreContract } from './__fixtures__/delivery-store.contract';
import { MemoryDeliveryStore } from './memory-delivery.store';

let store = new MemoryDeliveryStore();
beforeEach(() => {
  store = new MemoryDeliveryStore();
});

describeDeliveryStoreContract('MemoryDeliveryStore', () => store);

describe('MemoryDeliveryStore bound', () => {
  it('drops the oldest final records beyond maxRecords, never live ones', async () => {
    const bounded = new MemoryDeliveryStore({ maxRecords: 3 });
    const make = (id: string) =>
      bounded.create({ id, channel: 'sms', backend: 'b', recipient: '+1' });
    await make('live');
    for (const id of ['a', 'b', 'c']) {
      await make(id);
      await bounded.transition(id, 'sending');
      await bounded.transition(id, 'sent');
    }
    await make('d');
    const ids = (await bounded.list()).map((r) => r.id).sort();
    expect(ids).toEqual(['c', 'd', 'live']);
  });
});
