import type { ChildProcess } from 'node:child_process';
import { BullmqDeliveryQueue } from '@herald/notification/bullmq';
import { DatabaseDeliveryStore, NOTIFIER_MIGRATIONS } from '@herald/notification/typeorm';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../libs/notification/src/delivery/stores/__fixtures__/delivery-test-databases.js';
import { startCountingProvider, type CountingProvider } from './helpers/delivery-fake-provider.js';
import { exited, spawnFaultProcess, startFaultProcess, stopAll } from './helpers/fault-process.js';

const RECIPIENTS = 4000;
/** Reliable delivery writes records and adds jobs 2,500 at a time: the second slice is cut. */
const ORPHANS = RECIPIENTS - 2500;
const SWEEP_AFTER_S = 2;
const SWEEP_INTERVAL_S = 1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 22.10: a caller SIGKILLed inside `notify()` after a slice's records
 * are written and before its jobs are added leaves records `queued` with no
 * job. A fresh process (any instance of the app) sweeps them back into the
 * queue: every delivery goes out exactly once, without a second `notify()`.
 */
describe('fan-out cut between its records and its jobs, repaired by the sweeper (PostgreSQL, Redis)', () => {
  jest.setTimeout(180_000);
  const queueName = `herald-fanout-fault-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test';
  let provider: CountingProvider;
  let db: TestDatabase;
  let queue: BullmqDeliveryQueue;
  let notifierQueue: BullmqDeliveryQueue;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    provider = await startCountingProvider();
    db = await openDeliveryTestDatabase('postgres', NOTIFIER_MIGRATIONS);
    queue = new BullmqDeliveryQueue({ queueName, prefix });
    notifierQueue = new BullmqDeliveryQueue({ queueName: `${queueName}-notifier`, prefix });
  });

  afterAll(async () => {
    await stopAll(children);
    for (const q of [queue, notifierQueue]) {
      await q.obliterate();
      await q.close();
    }
    await db.close();
    await provider.close();
  });

  it('delivers every message of the cut fan-out exactly once within the sweep bound', async () => {
    const env = {
      FAULT_SCHEMA: (db.dataSource.options as { schema: string }).schema,
      FAULT_QUEUE: queueName,
      FAULT_PREFIX: prefix,
      FAULT_ENDPOINT: `${provider.url}/ok`,
    };
    const caller = spawnFaultProcess('fanout-fault-caller.ts', {
      ...env,
      FAULT_RECIPIENTS: String(RECIPIENTS),
      FAULT_KILL_AT_ENQUEUE: '2',
    });
    children.push(caller);
    let output = '';
    caller.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    caller.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await exited(caller);
    expect({ signal: caller.signalCode, output }).toMatchObject({ signal: 'SIGKILL' });
    expect(output).toContain(`killed before adding ${ORPHANS} jobs`);

    // What the kill left: every record queued, the first slice's jobs only.
    const store = new DatabaseDeliveryStore(db.dataSource);
    const orphansLeft = async () => {
      const queued = await store.findQueuedJobs({
        before: new Date(Date.now() + 60_000),
        limit: 10_000,
      });
      return (await queue.missing(queued.map((j) => j.id))).length;
    };
    expect((await store.countByStatus()).queued).toBe(RECIPIENTS);
    expect((await queue.counts()).waiting).toBe(RECIPIENTS - ORPHANS);
    expect(await orphansLeft()).toBe(ORPHANS);
    expect(provider.delivered.size).toBe(0);

    // A fresh process: the app as any instance runs it, worker and sweeper on. No notify().
    children.push(
      await startFaultProcess('fanout-fault-sweeper.ts', {
        ...env,
        FAULT_SWEEP_AFTER: String(SWEEP_AFTER_S),
        FAULT_SWEEP_INTERVAL: String(SWEEP_INTERVAL_S),
      }),
    );
    const started = Date.now();
    let repairedAfter: number | undefined;
    const deadline = started + 120_000;
    while (Date.now() < deadline) {
      if (repairedAfter === undefined && (await orphansLeft()) === 0)
        repairedAfter = (Date.now() - started) / 1000;
      if (
        repairedAfter !== undefined &&
        provider.delivered.size === RECIPIENTS &&
        (await store.countByStatus()).sent === RECIPIENTS
      )
        break;
      await sleep(100);
    }
    const counts = await store.countByStatus();
    const twice = [...provider.delivered.values()].filter((n) => n > 1).length;
    const figures = {
      recipients: RECIPIENTS,
      orphans: ORPHANS,
      repairedAfterSeconds: repairedAfter,
      allSentAfterSeconds: (Date.now() - started) / 1000,
      delivered: provider.delivered.size,
      deliveredTwice: twice,
      records: { queued: counts.queued, sent: counts.sent },
    };
    process.stdout.write(`fan-out fault test figures: ${JSON.stringify(figures)}\n`);

    // sweep_after has long passed: the first sweeps (every 1 s) repair them; generous slack
    expect(repairedAfter).toBeDefined();
    expect(repairedAfter!).toBeLessThan(SWEEP_AFTER_S + SWEEP_INTERVAL_S + 15);
    expect(provider.delivered.size).toBe(RECIPIENTS);
    expect(twice).toBe(0);
    expect(counts).toMatchObject({ sent: RECIPIENTS, queued: 0, sending: 0, retrying: 0 });
  });
});
