import { HeraldConfigError, NotificationConfig } from '@herald/contracts';
import { createDeliveryStore } from './delivery.providers.js';

describe('createDeliveryStore', () => {
  it('a database store without a TypeORM DataSource fails with a config error naming the setting', async () => {
    const config = new NotificationConfig({ delivery: { enabled: true, store: 'database' } })
      .delivery;
    const store = createDeliveryStore(config);
    const error = await store.get('dlv_1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as HeraldConfigError).problems).toEqual([
      expect.objectContaining({ path: 'notification.delivery.store' }),
    ]);
    expect((error as Error).message).toContain('no TypeORM DataSource is available');
    expect((error as Error).message).toContain('use store "memory"');
  });
});
