import { NotificationConfig } from '@herald/contracts';
import { DeliveryLifecycle } from './delivery.lifecycle.js';
import { createDeliveryService } from './reliable/create-delivery-service.js';
import { MemoryDeliveryStore } from './stores/memory-delivery.store.js';

describe('DeliveryLifecycle (inline)', () => {
  it('purges final records older than retention_days and keeps the rest', async () => {
    const store = new MemoryDeliveryStore();
    const service = createDeliveryService({}, { store });
    const config = new NotificationConfig({ delivery: { enabled: true, retentionDays: 2 } })
      .delivery;
    const lifecycle = new DeliveryLifecycle(service, config);
    lifecycle.onModuleInit();
    lifecycle.onApplicationBootstrap();
    for (const id of ['done', 'live']) {
      await store.create({ id, channel: 'sms', backend: 'b', recipient: '+1' });
    }
    await store.transition('done', 'sending');
    await store.transition('done', 'sent');
    const day = 86_400_000;
    expect(await lifecycle.purge(Date.now() + day)).toBe(0);
    expect(await lifecycle.purge(Date.now() + 3 * day)).toBe(1);
    expect(await store.get('done')).toBeUndefined();
    expect(await store.get('live')).toBeDefined();
    await lifecycle.beforeApplicationShutdown();
  });
});
