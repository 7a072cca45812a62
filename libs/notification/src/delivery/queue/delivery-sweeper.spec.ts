import { HealthStatus, type MetricsCollectorProtocol } from '@herald/contracts';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import { DeliveryQueueMonitor } from './delivery-queue.monitor.js';
import type { DeliveryJob, DeliveryQueue } from './delivery-queue.protocol.js';
import { DELIVERY_SWEEPER_METRICS, DeliverySweeper } from './delivery-sweeper.js';

/** A queue keyed by job id, as BullMQ is: a second add of an id is dropped. */
class KeyedQueue implements DeliveryQueue {
  readonly jobs = new Map<string, DeliveryJob>();
  adds = 0;
  failing = false;
  async enqueue(job: DeliveryJob) {
    await this.enqueueMany([job]);
  }
  async enqueueMany(jobs: readonly DeliveryJob[]) {
    if (this.failing) throw new Error('Redis refused the add');
    for (const job of jobs) {
      this.adds++;
      if (!this.jobs.has(job.id)) this.jobs.set(job.id, job);
    }
  }
  async missing(ids: readonly string[]) {
    return ids.filter((id) => !this.jobs.has(id));
  }
  async counts() {
    return { waiting: this.jobs.size, delayed: 0, active: 0, failed: 0, completed: 0 };
  }
  async close() {}
}

function recordingMetrics() {
  const increments: Record<string, number> = {};
  const gauges: Record<string, number> = {};
  const metrics = {
    increment: (name: string, value = 1) => (increments[name] = (increments[name] ?? 0) + value),
    gauge: (name: string, value: number) => (gauges[name] = value),
  } as unknown as MetricsCollectorProtocol;
  return { metrics, increments, gauges };
}

const T0 = 1_700_000_000_000;
const job = (id: string): DeliveryJob => ({
  id,
  channel: 'sms',
  backends: ['tw'],
  message: { to: '+15005550006', body: id, idempotencyKey: id },
  notificationId: 'ntf_1',
  meta: { type: 'Ping' },
});

/** `n` queued records created at `at`, each written with its job; the first `enqueued` have a job in the queue. */
async function fanOut(
  store: MemoryDeliveryStore,
  queue: KeyedQueue,
  prefix: string,
  n: number,
  enqueued: number,
  at: number,
) {
  const ids = Array.from({ length: n }, (_, i) => `${prefix}-${String(i).padStart(4, '0')}`);
  await store.createMany(
    ids.map((id) => ({
      id,
      channel: 'sms',
      backend: 'tw',
      recipient: '+15005550006',
      notificationId: 'ntf_1',
      createdAt: new Date(at),
      job: job(id),
    })),
  );
  await queue.enqueueMany(ids.slice(0, enqueued).map(job));
  return ids;
}

describe('DeliverySweeper', () => {
  it('enqueues again the queued records older than the bound that have no job, counting them', async () => {
    const store = new MemoryDeliveryStore();
    const queue = new KeyedQueue();
    const { metrics, increments, gauges } = recordingMetrics();
    const ids = await fanOut(store, queue, 'old', 10, 4, T0);
    await fanOut(store, queue, 'young', 5, 0, T0 + 25_000); // a fan-out still in progress
    const sweeper = new DeliverySweeper(store, queue, { afterMs: 30_000, metrics });

    const result = await sweeper.sweep(T0 + 31_000);

    expect(result).toMatchObject({ checked: 10, orphaned: 6, requeued: 6 });
    expect([...queue.jobs.keys()].sort()).toEqual(ids);
    expect(queue.jobs.get(ids[9])).toEqual(job(ids[9]));
    expect(increments).toEqual({
      [DELIVERY_SWEEPER_METRICS.found]: 6,
      [DELIVERY_SWEEPER_METRICS.requeued]: 6,
    });
    expect(gauges[DELIVERY_SWEEPER_METRICS.orphaned]).toBe(6);
    // the next sweep finds nothing left to repair
    expect(await sweeper.sweep(T0 + 32_000)).toMatchObject({ orphaned: 0, requeued: 0 });
    expect(gauges[DELIVERY_SWEEPER_METRICS.orphaned]).toBe(0);
    expect(sweeper.total).toEqual({ orphaned: 6, requeued: 6 });
  });

  it('leaves records that moved on (sending, sent) alone', async () => {
    const store = new MemoryDeliveryStore();
    const queue = new KeyedQueue();
    const ids = await fanOut(store, queue, 'moved', 3, 0, T0);
    await store.transition(ids[0], 'sending', { attempts: 1 });
    await store.transition(ids[0], 'sent');
    await store.transition(ids[1], 'sending', { attempts: 1 });
    const result = await new DeliverySweeper(store, queue, { afterMs: 1000 }).sweep(T0 + 5000);
    expect(result).toMatchObject({ checked: 1, orphaned: 1, requeued: 1 });
    expect([...queue.jobs.keys()]).toEqual([ids[2]]);
  });

  it('pages through a backlog of waiting jobs with a cursor, so orphans behind it are found', async () => {
    const store = new MemoryDeliveryStore();
    const queue = new KeyedQueue();
    await fanOut(store, queue, 'a-backlog', 25, 25, T0);
    const orphans = await fanOut(store, queue, 'b-orphan', 3, 0, T0 + 1);
    const sweeper = new DeliverySweeper(store, queue, { afterMs: 1000, batchSize: 10 });
    const found: number[] = [];
    for (let i = 0; i < 3; i++) found.push((await sweeper.sweep(T0 + 5000)).orphaned);
    expect(found).toEqual([0, 0, 3]);
    expect(orphans.every((id) => queue.jobs.has(id))).toBe(true);
    // past the end, the cursor starts from the oldest again
    expect((await sweeper.sweep(T0 + 5000)).checked).toBe(10);
  });

  it('is safe with several sweepers at once: each job is added once', async () => {
    const store = new MemoryDeliveryStore();
    const queue = new KeyedQueue();
    const ids = await fanOut(store, queue, 'race', 50, 0, T0);
    const sweepers = [1, 2, 3].map(() => new DeliverySweeper(store, queue, { afterMs: 1000 }));
    await Promise.all(sweepers.map((s) => s.sweep(T0 + 5000)));
    expect(queue.jobs.size).toBe(ids.length);
    // a concurrent second call shares the sweep in progress
    const one = sweepers[0];
    const [a, b] = await Promise.all([one.sweep(T0 + 6000), one.sweep(T0 + 6000)]);
    expect(a).toBe(b);
  });

  it('reports orphans it could not enqueue again as a DEGRADED health detail', async () => {
    const store = new MemoryDeliveryStore();
    const queue = new KeyedQueue();
    await fanOut(store, queue, 'stuck', 4, 1, T0);
    const sweeper = new DeliverySweeper(store, queue, { afterMs: 1000 });
    const check = new DeliveryQueueMonitor(queue, { sweeper }).healthCheck();

    queue.failing = true;
    const failed = await sweeper.sweep(T0 + 5000);
    expect(failed).toMatchObject({ orphaned: 3, requeued: 0, error: 'Redis refused the add' });
    const degraded = (await check()) as Record<string, unknown>;
    expect(degraded.status).toBe(HealthStatus.DEGRADED);
    expect(degraded.message).toContain('orphaned-record sweep failed: Redis refused the add');
    expect(degraded.orphaned).toMatchObject({
      lastSweep: { orphaned: 3, requeued: 0 },
      found: 3,
      requeued: 0,
      afterMs: 1000,
    });

    queue.failing = false;
    await sweeper.sweep(T0 + 6000);
    const healthy = (await check()) as Record<string, unknown>;
    expect(healthy.status).toBe(HealthStatus.HEALTHY);
    expect(healthy.orphaned).toMatchObject({
      lastSweep: { orphaned: 3, requeued: 3 },
      found: 6,
      requeued: 3,
    });
  });
});
