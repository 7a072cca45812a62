import type { MetricsCollectorProtocol } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';
import {
  createDeliveryService,
  DeliveryQueueMonitor,
  MemoryDeliveryStore,
  ReliableSmsChannel,
  type DeliveryService,
} from '@herald/notification';
import { BullmqDeliveryQueue, DeliveryWorker } from '@herald/notification/bullmq';

import {
  HttpTestSmsChannel,
  startCountingProvider,
  untilQueueIdle,
  type CountingProvider,
} from './helpers/delivery-fake-provider.js';

/** A collector that keeps the last value of each gauge (everything else is the no-op). */
function gaugeRecorder(): MetricsCollectorProtocol & { gauges: Map<string, number> } {
  const gauges = new Map<string, number>();
  return Object.assign(Object.create(new NoopMetricsCollector()) as MetricsCollectorProtocol, {
    gauges,
    gauge: (name: string, value: number) => void gauges.set(name, value),
  });
}

const until = async (check: () => boolean | Promise<boolean>, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('queued delivery on BullMQ (real Redis)', () => {
  const queueName = `herald-delivery-e2e-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  let provider: CountingProvider;
  let queue: BullmqDeliveryQueue;
  let store: MemoryDeliveryStore;
  let service: DeliveryService;
  let worker: DeliveryWorker | undefined;

  beforeAll(async () => {
    provider = await startCountingProvider();
    queue = new BullmqDeliveryQueue({ queueName, prefix, attempts: 3 });
    store = new MemoryDeliveryStore();
    service = createDeliveryService(
      { retryAttempts: 3, retryBaseMs: 10, retryCapMs: 50, circuitThreshold: 1000 },
      { store, queue },
    );
    service.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    service.register('sms', new HttpTestSmsChannel('down', `${provider.url}/fail`));
    service.register('sms', new HttpTestSmsChannel('slow', `${provider.url}/slow?ms=400`));
    service.register('sms', new HttpTestSmsChannel('busy', `${provider.url}/busy?after=0.4`));
  });

  afterAll(async () => {
    await worker?.close();
    await queue.obliterate();
    await queue.close();
    await provider.close();
  });

  it('enqueues, returns the delivery id at once, and a worker delivers it', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const result = await sms.send({ to: '+15005550006', body: 'hello', idempotencyKey: 'q-1' });
    expect(result).toMatchObject({ status: 'queued', backend: 'ok' });
    expect(result.deliveryId).toMatch(/^dlv_/);
    expect((await store.get(result.deliveryId))?.status).toBe('queued');
    expect(provider.requests.get('q-1')).toBeUndefined();

    worker = new DeliveryWorker(service, { queueName, prefix, concurrency: 5 });
    await worker.ready();
    await until(async () => (await store.get(result.deliveryId))?.status === 'sent');
    expect(await store.get(result.deliveryId)).toMatchObject({
      backend: 'ok',
      attempts: 1,
      providerMessageId: 'SM1',
    });
    expect(provider.delivered.get('q-1')).toBe(1);
  });

  it('claims a queued record in one step: the worker does not read it before the send', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const get = jest.spyOn(store, 'get');
    const claim = jest.spyOn(store, 'claim');
    try {
      const { deliveryId } = await sms.send({
        to: '+15005550009',
        body: 'one',
        idempotencyKey: 'q-claim',
      });
      await until(() => provider.delivered.get('q-claim') === 1);
      await until(() => claim.mock.calls.some(([id]) => id === deliveryId));
      expect(get.mock.calls.filter(([id]) => id === deliveryId)).toEqual([]);
    } finally {
      get.mockRestore();
      claim.mockRestore();
    }
  });

  it('reads, then moves the record with a store that cannot claim', async () => {
    const name = `${queueName}-noclaim`;
    const plainQueue = new BullmqDeliveryQueue({ queueName: name, prefix, attempts: 3 });
    // a store of the application's own making: `claim` is optional
    const plain = new MemoryDeliveryStore();
    Object.defineProperty(plain, 'claim', { value: undefined });
    const plainService = createDeliveryService(
      { retryAttempts: 3, retryBaseMs: 10, retryCapMs: 50, circuitThreshold: 1000 },
      { store: plain, queue: plainQueue },
    );
    plainService.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    const plainWorker = new DeliveryWorker(plainService, { queueName: name, prefix });
    try {
      await plainWorker.ready();
      const sms = new ReliableSmsChannel(plainService, ['ok']);
      const message = { to: '+15005550010', body: 'plain', idempotencyKey: 'q-plain' };
      const { deliveryId } = await sms.send(message);
      await until(async () => (await plain.get(deliveryId))?.status === 'sent');
      expect(await plain.get(deliveryId)).toMatchObject({ attempts: 1, backend: 'ok' });
      // a repeated job of the sent record sends nothing there either
      await plainQueue.enqueue({ id: deliveryId, channel: 'sms', backends: ['ok'], message });
      await untilQueueIdle(plainQueue);
      expect(provider.requests.get('q-plain')).toBe(1);
      expect((await plainQueue.counts()).failed).toBe(0);
    } finally {
      await plainWorker.close();
      await plainQueue.obliterate();
      await plainQueue.close();
    }
  });

  it('makes a repeated send a no-op, with a given key or one derived from the message', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const a = await sms.send({ to: '+15005550007', body: 'same', idempotencyKey: 'q-2' });
    const b = await sms.send({ to: '+15005550007', body: 'same', idempotencyKey: 'q-2' });
    const c = await sms.send({ to: '+15005550008', body: 'derived' });
    const d = await sms.send({ to: '+15005550008', body: 'derived' });
    expect(b.deliveryId).toBe(a.deliveryId);
    expect(d.deliveryId).toBe(c.deliveryId);
    await until(async () => (await store.get(c.deliveryId))?.status === 'sent');
    await until(async () => (await store.get(a.deliveryId))?.status === 'sent');
    const again = await sms.send({ to: '+15005550007', body: 'same', idempotencyKey: 'q-2' });
    expect(again.deliveryId).toBe(a.deliveryId);
    await new Promise((r) => setTimeout(r, 200));
    expect(provider.requests.get('q-2')).toBe(1);
    const derivedKey = (await store.get(c.deliveryId))!.idempotencyKey!;
    expect(derivedKey).toMatch(/^auto:/);
    expect(provider.requests.get(derivedKey)).toBe(1);
  });

  it('sends nothing for a redelivered job whose record the provider already reported on', async () => {
    const sms = new ReliableSmsChannel(service, ['ok']);
    const message = { to: '+15005550030', body: 'feedback', idempotencyKey: 'q-fb' };
    const { deliveryId } = await sms.send(message);
    await until(async () => (await store.get(deliveryId))?.status === 'sent');
    await store.transition(deliveryId, 'delivered');
    const failedBefore = (await queue.counts()).failed;
    await queue.enqueue({ id: deliveryId, channel: 'sms', backends: ['ok'], message });
    await untilQueueIdle(queue);
    expect((await queue.counts()).failed).toBe(failedBefore);
    expect(provider.requests.get('q-fb')).toBe(1);
    expect((await store.get(deliveryId))?.status).toBe('delivered');
  });

  it('fails over inside a job, and turns exhausted jobs into dead records', async () => {
    const failover = new ReliableSmsChannel(service, ['down', 'ok']);
    const saved = await failover.send({ to: '+15005550009', body: 'x', idempotencyKey: 'q-3' });
    const doomed = new ReliableSmsChannel(service, ['down']);
    const dead = await doomed.send({ to: '+15005550010', body: 'y', idempotencyKey: 'q-4' });
    await until(async () => (await store.get(dead.deliveryId))?.status === 'dead');
    expect(await store.get(saved.deliveryId)).toMatchObject({ status: 'sent', backend: 'ok' });
    expect(await store.get(dead.deliveryId)).toMatchObject({ attempts: 3, backend: 'down' });
    expect((await store.get(dead.deliveryId))?.lastError).toContain('provider_unavailable');
    expect(provider.requests.get('q-4')).toBe(3);
    expect((await queue.counts()).failed).toBe(1);
  });

  it("waits the provider's Retry-After before the job's next attempt", async () => {
    const busy = new ReliableSmsChannel(service, ['busy']);
    const { deliveryId } = await busy.send({
      to: '+15005550011',
      body: 'z',
      idempotencyKey: 'q-ra',
    });
    await until(async () => (await store.get(deliveryId))?.status === 'sent');
    const [first, second] = provider.arrivals.get('q-ra')!;
    expect(second - first).toBeGreaterThanOrEqual(400);
    expect(await store.get(deliveryId)).toMatchObject({ attempts: 2, backend: 'busy' });
  });

  it('publishes depth, in-flight and dead gauges, and degrades health past the backlog threshold', async () => {
    await worker!.close();
    worker = undefined;
    const metrics = gaugeRecorder();
    const monitor = new DeliveryQueueMonitor(queue, { metrics, backlogThreshold: 2 });
    const sms = new ReliableSmsChannel(service, ['ok']);
    const check = monitor.healthCheck();
    expect(await check()).toMatchObject({ status: 'healthy', depth: 0 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push(
        (await sms.send({ to: '+1500555001' + i, body: 'b', idempotencyKey: `q-5-${i}` }))
          .deliveryId,
      );
    expect(await check()).toMatchObject({ status: 'degraded', depth: 3, failed: 1 });
    expect(metrics.gauges.get('herald_delivery_queue_depth')).toBe(3);
    expect(metrics.gauges.get('herald_delivery_dead')).toBe(1);
    expect(metrics.gauges.get('herald_delivery_in_flight')).toBe(0);
    worker = new DeliveryWorker(service, { queueName, prefix });
    await until(async () =>
      (await Promise.all(ids.map((id) => store.get(id)))).every((r) => r?.status === 'sent'),
    );
    expect(await check()).toMatchObject({ status: 'healthy', depth: 0 });
  });

  it('finishes in-flight jobs on graceful shutdown', async () => {
    const slow = new ReliableSmsChannel(service, ['slow']);
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (await slow.send({ to: '+15005550020', body: `s${i}`, idempotencyKey: `q-6-${i}` }))
          .deliveryId,
      );
    await until(async () => (await queue.counts()).active === 4);
    await worker!.close();
    worker = undefined;
    const records = await Promise.all(ids.map((id) => store.get(id)));
    expect(records.map((r) => r?.status)).toEqual(['sent', 'sent', 'sent', 'sent']);
    expect((await queue.counts()).active).toBe(0);
  });
});

/**
 * A first job (added with its new record) sends while its claim is written;
 * any other job waits for the claim. A store that keeps records "durably"
 * whose claims a test holds back, refuses or fails.
 */
describe('queued delivery: the send of a first job does not wait for its claim (real Redis)', () => {
  const queueName = `herald-delivery-overlap-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  type Claim = 'held' | 'refused' | 'failing' | 'at-once';
  class HeldClaimStore extends MemoryDeliveryStore {
    readonly durable = true;
    mode: Claim = 'at-once';
    readonly held: Array<() => void> = [];
    override async claim(id: string) {
      if (this.mode === 'failing') throw new Error('database unavailable');
      if (this.mode === 'refused') return undefined;
      if (this.mode === 'held') await new Promise<void>((release) => this.held.push(release));
      return super.claim(id);
    }
  }
  let provider: CountingProvider;
  let queue: BullmqDeliveryQueue;
  let store: HeldClaimStore;
  let service: DeliveryService;
  let worker: DeliveryWorker;
  let sms: ReliableSmsChannel;

  beforeAll(async () => {
    provider = await startCountingProvider();
    queue = new BullmqDeliveryQueue({ queueName, prefix, attempts: 4 });
    store = new HeldClaimStore();
    service = createDeliveryService(
      { retryAttempts: 4, retryBaseMs: 10, retryCapMs: 50, circuitThreshold: 1000 },
      { store, queue },
    );
    service.register('sms', new HttpTestSmsChannel('ok', `${provider.url}/ok`));
    service.register('sms', new HttpTestSmsChannel('down', `${provider.url}/fail`));
    worker = new DeliveryWorker(service, { queueName, prefix, concurrency: 4 });
    await worker.ready();
    sms = new ReliableSmsChannel(service, ['ok']);
  });

  afterEach(() => {
    store.mode = 'at-once';
    store.held.splice(0).forEach((release) => release());
  });

  afterAll(async () => {
    await worker.close();
    await queue.obliterate();
    await queue.close();
    await provider.close();
  });

  it('sends a first job while its claim is held, and writes sent only after the claim', async () => {
    store.mode = 'held';
    const { deliveryId } = await sms.send({ to: '+15005550040', body: 'a', idempotencyKey: 'o-1' });
    await until(() => provider.delivered.get('o-1') === 1);
    await until(() => store.held.length === 1);
    // the provider has it; the record is still queued: `sent` waits for the claim
    await new Promise((r) => setTimeout(r, 100));
    expect((await store.get(deliveryId))?.status).toBe('queued');
    store.held.shift()!();
    await until(async () => (await store.get(deliveryId))?.status === 'sent');
    expect(await store.get(deliveryId)).toMatchObject({ attempts: 1, backend: 'ok' });
  });

  it('holds the send of any other job until its claim: a job added again, not with its record', async () => {
    const message = { to: '+15005550041', body: 'b', idempotencyKey: 'o-2' };
    const { deliveryId } = await sms.send(message);
    await until(async () => (await store.get(deliveryId))?.status === 'sent');
    store.mode = 'held';
    // the sweeper's or a repeated send's job: no `firstJob`
    await queue.enqueue({ id: deliveryId, channel: 'sms', backends: ['ok'], message });
    await until(() => store.held.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(provider.requests.get('o-2')).toBe(1);
    store.held.shift()!();
    await untilQueueIdle(queue);
    // its record was sent: the claim is refused, and nothing is sent again
    expect(provider.requests.get('o-2')).toBe(1);
    expect((await store.get(deliveryId))?.status).toBe('sent');
  });

  it('settles a failed send after the claim, as a retry of the same record', async () => {
    store.mode = 'held';
    const down = new ReliableSmsChannel(service, ['down']);
    const { deliveryId } = await down.send({
      to: '+15005550042',
      body: 'c',
      idempotencyKey: 'o-3',
    });
    await until(() => provider.requests.get('o-3') === 1);
    await until(() => store.held.length === 1);
    store.mode = 'at-once';
    store.held.shift()!();
    await until(async () => (await store.get(deliveryId))?.status === 'dead');
    expect(await store.get(deliveryId)).toMatchObject({ attempts: 4 });
    expect(provider.requests.get('o-3')).toBe(4);
  });

  it('leaves a record whose first claim is refused as it was, and settles nothing', async () => {
    store.mode = 'refused';
    const failedBefore = (await queue.counts()).failed;
    const { deliveryId } = await sms.send({ to: '+15005550043', body: 'd', idempotencyKey: 'o-4' });
    await until(async () => (await queue.counts()).failed === failedBefore + 1);
    expect(provider.requests.get('o-4')).toBe(1);
    expect(await store.get(deliveryId)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('waits for the claims of first jobs too once a claim failed, so that none is sent twice', async () => {
    store.mode = 'failing';
    // the first job after the store began failing is sent, and its claim fails
    const first = await sms.send({ to: '+15005550044', body: 'e', idempotencyKey: 'o-5' });
    await until(() => provider.requests.get('o-5') === 1);
    // the store answers again, slowly: the next first job waits for its claim before its send
    store.mode = 'held';
    const second = await sms.send({ to: '+15005550045', body: 'f', idempotencyKey: 'o-6' });
    await until(() => store.held.length >= 1);
    await new Promise((r) => setTimeout(r, 200));
    expect(provider.requests.get('o-6')).toBeUndefined();
    store.mode = 'at-once';
    store.held.splice(0).forEach((release) => release());
    await until(async () => (await store.get(second.deliveryId))?.status === 'sent');
    expect(provider.requests.get('o-6')).toBe(1);
    // the job whose claim failed is retried, and takes its claim first: sent again, once
    await until(async () => (await store.get(first.deliveryId))?.status === 'sent');
    expect(provider.requests.get('o-5')).toBe(2);
  });
});
