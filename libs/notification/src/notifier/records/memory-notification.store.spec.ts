import { describeNotificationStoreContract } from './__fixtures__/notification-store.contract.js';
import { MemoryNotificationStore } from './memory-notification.store.js';

const store = new MemoryNotificationStore();
describeNotificationStoreContract('MemoryNotificationStore', () => store);

describe('MemoryNotificationStore bound', () => {
  it('drops the oldest settled records beyond maxRecords, never pending or scheduled ones', async () => {
    const bounded = new MemoryNotificationStore({ maxRecords: 2 });
    const make = (id: string, status: 'pending' | 'dispatched') =>
      bounded.create({
        id,
        type: 't',
        category: 'c',
        critical: false,
        status,
        recipients: 1,
        deliveries: 0,
      });
    await make('live', 'pending');
    await make('old', 'dispatched');
    await make('new', 'dispatched');
    expect((await bounded.list()).map((r) => r.id).sort()).toEqual(['live', 'new']);
  });
});
