import type { ChildProcess } from 'node:child_process';
import { createDeliveryService, ReliableSmsChannel } from '@herald/notification';
import { BullmqDeliveryQueue } from '@herald/notification/bullmq';
import { DatabaseDeliveryStore } from '@herald/notification/typeorm';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../libs/notification/src/delivery/stores/__fixtures__/delivery-test-databases.js';
import { startCountingProvider, type CountingProvider } from './helpers/delivery-fake-provider.js';
import { exited, startFaultProcess, stopAll } from './helpers/fault-process.js';

const MESSAGES = 1000;
const DOOMED = 20;

const startWorker = (env: Record<string, string>): Promise<ChildProcess> =>
  startFaultProcess('delivery-fault-worker.ts', env);

describe('delivery fault test: two worker processes, one SIGKILLed (real Redis, PostgreSQL)', () => {
  jest.setTimeout(60_000);
  const queueName = `herald-fault-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  let provider: CountingProvider;
  let db: TestDatabase;
  let queue: BullmqDeliveryQueue;
  const workers: ChildProcess[] = [];

  beforeAll(async () => {
    provider = await startCountingProvider();
    db = await openDeliveryTestDatabase('postgres');
    queue = new BullmqDeliveryQueue({ queueName, prefix, attempts: 3 });
  });

  afterAll(async () => {
    await stopAll(workers);
    await queue.obliterate();
    await queue.close();
    await db.close();
    await provider.close();
  });

  it('delivers every message exactly once and dead-letters a backend that always fails', async () => {
    const schema = (db.dataSource.options as { schema: string }).schema;
    const env = {
      FAULT_SCHEMA: schema,
      FAULT_QUEUE: queueName,
      FAULT_PREFIX: prefix,
      FAULT_PROVIDER: provider.url,
      FAULT_LOCK_MS: '2000',
      FAULT_STALLED_MS: '1000',
    };
    workers.push(...(await Promise.all([startWorker(env), startWorker(env)])));

    const store = new DatabaseDeliveryStore(db.dataSource);
    const service = createDeliveryService({ retryAttempts: 3 }, { store, queue });
    const good = new ReliableSmsChannel(service, ['fake']);
    const bad = new ReliableSmsChannel(service, ['broken']);
    const started = Date.now();
    const sends: Array<Promise<unknown>> = [];
    for (let i = 0; i < MESSAGES; i++) {
      sends.push(
        good.send({ to: '+15005550006', body: `message ${i}`, idempotencyKey: `fault-${i}` }),
      );
      if (i < DOOMED)
        sends.push(
          bad.send({ to: '+15005550007', body: `doomed ${i}`, idempotencyKey: `doomed-${i}` }),
        );
      if (sends.length >= 100) await Promise.all(sends.splice(0));
    }
    await Promise.all(sends);
    // A repeat of an already-queued message is a no-op.
    await good.send({ to: '+15005550006', body: 'message 0', idempotencyKey: 'fault-0' });

    while (provider.delivered.size < MESSAGES * 0.3) await new Promise((r) => setTimeout(r, 5));
    const deliveredAtKill = provider.delivered.size;
    workers[0].kill('SIGKILL');
    await exited(workers[0]);

    const deadline = Date.now() + 45_000;
    let counts = await store.countByStatus();
    let jobs = await queue.counts();
    while (
      (counts.sent < MESSAGES || counts.dead < DOOMED || jobs.failed < DOOMED || jobs.active > 0) &&
      Date.now() < deadline
    ) {
      await new Promise((r) => setTimeout(r, 100));
      [counts, jobs] = await Promise.all([store.countByStatus(), queue.counts()]);
    }
    const goodKeys = Array.from({ length: MESSAGES }, (_, i) => `fault-${i}`);
    const deliveredOnce = goodKeys.filter((k) => provider.delivered.get(k) === 1).length;
    const deliveredTwice = goodKeys.filter((k) => (provider.delivered.get(k) ?? 0) > 1).length;
    const missing = goodKeys.filter((k) => !provider.delivered.has(k)).length;
    const repeatedRequests = goodKeys.reduce(
      (n, k) => n + Math.max(0, (provider.requests.get(k) ?? 0) - 1),
      0,
    );
    const figures = {
      messages: MESSAGES,
      workers: 2,
      killedAfterDeliveries: deliveredAtKill,
      deliveredOnce,
      deliveredTwice,
      missing,
      repeatedRequestsDedupedByProvider: repeatedRequests,
      deadLetters: counts.dead,
      doomedRequests: provider.failures,
      records: counts,
      queue: jobs,
      seconds: (Date.now() - started) / 1000,
    };
    process.stdout.write(`delivery fault test figures: ${JSON.stringify(figures)}\n`);

    expect(deliveredOnce).toBe(MESSAGES);
    expect(deliveredTwice).toBe(0);
    expect(missing).toBe(0);
    expect(counts).toMatchObject({
      sent: MESSAGES,
      dead: DOOMED,
      queued: 0,
      sending: 0,
      retrying: 0,
    });
    // Three attempts each, plus at most one repeat of an attempt cut short by the kill.
    expect(provider.failures).toBeGreaterThanOrEqual(DOOMED * 3);
    expect(provider.failures).toBeLessThanOrEqual(DOOMED * 4);
    expect(figures.queue.failed).toBe(DOOMED);
    const dead = await store.findByStatus('dead', 100);
    expect(dead.every((r) => r.backend === 'broken' && r.attempts >= 3)).toBe(true);
  });
});
