import { describeDeliveryStoreContract } from './__fixtures__/delivery-store.contract.js';
import { MemoryDeliveryStore } from './memory-delivery.store.js';

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

  it('keeps live records past the bound, then drops final ones once there are some', async () => {
    const bounded = new MemoryDeliveryStore({ maxRecords: 10 });
    const make = (id: string) =>
      bounded.create({ id, channel: 'sms', backend: 'b', recipient: '+1' });
    for (let i = 0; i < 15; i++) await make(`live-${i}`);
    expect((await bounded.list({ limit: 100 })).length).toBe(15);
    for (const id of ['live-0', 'live-1', 'live-2']) {
      await bounded.transition(id, 'sending');
      await bounded.transition(id, 'sent');
    }
    await make('next');
    const ids = (await bounded.list({ limit: 100 })).map((r) => r.id);
    expect(ids).toHaveLength(13);
    expect(ids).not.toContain('live-0');
    expect(ids).not.toContain('live-2');
    expect(ids).toContain('live-3');
    expect(ids).toContain('next');
  });
});
