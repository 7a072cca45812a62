import {
  createDeliveryService,
  MemoryDeliveryStore,
  MemorySuppressionStore,
  ReliableSmsChannel,
  SuppressionDeliveryGuard,
  SuppressionService,
  type DeliveryService,
} from '@herald/notification';
import { BullmqDeliveryQueue, DeliveryWorker } from '@herald/notification/bullmq';
import {
  HttpTestSmsChannel,
  startCountingProvider,
  untilQueueIdle,
  type CountingProvider,
} from './helpers/delivery-fake-provider.js';
import { until } from './helpers/notifier-app.js';

/**
 * Queued delivery on real Redis: a worker asks the suppression list again
 * before the first attempt, so a number suppressed after its message was
 * enqueued (a STOP arriving meanwhile) gets nothing.
 */
describe('suppression list and BullMQ workers (real Redis)', () => {
  const queueName = `herald-suppression-e2e-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  let provider: CountingProvider;
  let queue: BullmqDeliveryQueue;
  let store: MemoryDeliveryStore;
  let service: DeliveryService;
  let worker: DeliveryWorker | undefined;
  const suppressions = new SuppressionService(new MemorySuppressionStore());

  beforeAll(async () => {
    provider = await startCountingProvider();
    queue = new BullmqDeliveryQueue({ queueName, prefix, attempts: 3 });
    store = new MemoryDeliveryStore();
    service = createDeliveryService(
      { retryAttempts: 3, retryBaseMs: 10, retryCapMs: 50, circuitThreshold: 1000 },
      { store, queue },
    );
    service.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    service.guard(new SuppressionDeliveryGuard(suppressions));
  });

  afterAll(async () => {
    await worker?.close();
    await queue.obliterate();
    await queue.close();
    await provider.close();
  });

  it('records suppressed (and sends nothing) for a number suppressed between enqueue and work', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const late = await sms.send({ to: '+15550300001', body: 'a', idempotencyKey: 'sq-1' });
    const fine = await sms.send({ to: '+15550300002', body: 'b', idempotencyKey: 'sq-2' });
    expect([late.status, fine.status]).toEqual(['queued', 'queued']);
    await suppressions.add({ channel: 'sms', address: '+15550300001', reason: 'sms_stop' });

    worker = new DeliveryWorker(service, { queueName, prefix, concurrency: 2 });
    await worker.ready();
    await until(async () => (await store.get(fine.deliveryId))?.status === 'sent');
    await until(async () => (await store.get(late.deliveryId))?.status === 'suppressed');
    expect((await store.get(late.deliveryId))?.lastError).toMatch(/^suppressed: sms_stop/);
    expect(provider.requests.get('sq-1')).toBeUndefined();
    expect(provider.requests.get('sq-2')).toBe(1);

    const refused = await sms.send({ to: '+15550300001', body: 'c' }).catch((e: unknown) => e);
    expect(refused).toMatchObject({ reason: 'suppressed' });
  });

  it('sends nothing and keeps the record sent for a repeated job of a number suppressed after its send', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const message = { to: '+15550300003', body: 'd', idempotencyKey: 'sq-3' };
    const { deliveryId } = await sms.send(message);
    await until(async () => (await store.get(deliveryId))?.status === 'sent');
    await suppressions.add({ channel: 'sms', address: '+15550300003', reason: 'sms_stop' });
    const failedBefore = (await queue.counts()).failed;
    // the guard says suppress, but only a queued record can become suppressed: the record decides
    await queue.enqueue({ id: deliveryId, channel: 'sms', backends: ['ok'], message });
    await untilQueueIdle(queue);
    expect((await queue.counts()).failed).toBe(failedBefore);
    expect(await store.get(deliveryId)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(provider.requests.get('sq-3')).toBe(1);
  });
});
