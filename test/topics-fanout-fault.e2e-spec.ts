import type { ChildProcess } from 'node:child_process';
import { BullmqDeliveryQueue } from '@herald/notification/bullmq';
import { NOTIFIER_MIGRATIONS } from '@herald/notification/typeorm';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../libs/notification/src/delivery/stores/__fixtures__/delivery-test-databases.js';
import { startCountingProvider, type CountingProvider } from './helpers/delivery-fake-provider.js';
import { exited, startFaultProcess, stopAll } from './helpers/fault-process.js';
import { notificationIdFor } from '../libs/notification/src/notifier/notifier.service.js';

const SUBSCRIBERS = 5_000;
const BATCH = 250;
const LOCK_MS = 2000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 27.1: `notify(topic(...))` with BullMQ enqueues one fan-out job; a
 * worker streams the subscribers in keyset batches, each batch's delivery
 * records and jobs written at once, its checkpoint after. The worker (fan-out
 * and delivery worker in one process) is SIGKILLed once about 30 % of the
 * subscribers are handed to delivery (the fan-out is faster than the sends,
 * so fewer are delivered by then); two fresh workers resume the fan-out after
 * its lock expires, and the stalled deliveries. Every subscriber gets exactly one delivery: one
 * record each in PostgreSQL, `sent`, and the provider accepted each once.
 */
describe('topic fan-out killed at ~30 % and resumed (PostgreSQL, Redis)', () => {
  // the sends, not the fan-out, take the time on a loaded machine (5,000 HTTP posts)
  jest.setTimeout(600_000);
  const queueName = `herald-topics-fault-${process.pid}-${Date.now()}`;
  const prefix = 'herald-test-topics';
  const topicKey = `project:${process.pid}:watchers`;
  let provider: CountingProvider;
  let db: TestDatabase;
  let schema: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    provider = await startCountingProvider();
    db = await openDeliveryTestDatabase('postgres', NOTIFIER_MIGRATIONS);
    schema = (db.dataSource.options as { schema: string }).schema;
    await db.dataSource.query(
      `INSERT INTO "${schema}".herald_topic_subscriptions (topic_key, subscriber_id, recipient, created_at)
       SELECT $1, 'user-' || lpad(i::text, 6, '0'), NULL, 0 FROM generate_series(1, $2) AS i`,
      [topicKey, SUBSCRIBERS],
    );
  });

  afterAll(async () => {
    await stopAll(children);
    for (const suffix of ['', '-notifier', '-notifier-topics']) {
      const q = new BullmqDeliveryQueue({ queueName: `${queueName}${suffix}`, prefix });
      await q.obliterate();
      await q.close();
    }
    await db.close();
    await provider.close();
  });

  const records = async (notificationId: string) => {
    const [row] = (await db.dataSource.query(
      `SELECT count(*)::int AS rows, count(DISTINCT recipient)::int AS recipients,
              count(*) FILTER (WHERE status = 'sent')::int AS sent
       FROM "${schema}".herald_delivery_records WHERE notification_id = $1`,
      [notificationId],
    )) as Array<{ rows: number; recipients: number; sent: number }>;
    return row;
  };

  it('delivers every subscriber exactly once', async () => {
    const env = {
      FAULT_SCHEMA: schema,
      FAULT_QUEUE: queueName,
      FAULT_PREFIX: prefix,
      FAULT_ENDPOINT: `${provider.url}/ok`,
      FAULT_BATCH: String(BATCH),
      FAULT_LOCK_MS: String(LOCK_MS),
      FAULT_TOPIC: topicKey,
      FAULT_KEY: `release-${process.pid}`,
    };
    const notificationId = notificationIdFor(env.FAULT_KEY);
    const first = await startFaultProcess('topics-fault-worker.ts', { ...env, FAULT_NOTIFY: '1' });
    children.push(first);
    let errors = '';
    first.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    first.once('exit', (code) => {
      if (code !== null) process.stderr.write(`the first worker exited with ${code}: ${errors}\n`);
    });

    while ((await records(notificationId)).rows < SUBSCRIBERS * 0.3) {
      if (first.exitCode !== null) throw new Error(`the first worker exited: ${errors}`);
      await sleep(2);
    }
    first.kill('SIGKILL');
    await exited(first);
    const atKill = { delivered: provider.delivered.size, ...(await records(notificationId)) };

    // two fresh workers: the fan-out resumes in one, the deliveries spread over both
    children.push(await startFaultProcess('topics-fault-worker.ts', env));
    children.push(await startFaultProcess('topics-fault-worker.ts', env));
    const deadline = Date.now() + 540_000;
    let status: string | undefined;
    while (Date.now() < deadline) {
      const [row] = (await db.dataSource.query(
        `SELECT status FROM "${schema}".herald_notifications WHERE id = $1`,
        [notificationId],
      )) as Array<{ status: string }>;
      status = row?.status;
      if (status === 'dispatched' && (await records(notificationId)).sent === SUBSCRIBERS) break;
      await sleep(200);
    }
    await sleep(500); // anything still in flight would show up as a second delivery
    const end = await records(notificationId);
    const twice = [...provider.delivered.values()].filter((n) => n > 1).length;
    process.stdout.write(
      `topics fault test figures: ${JSON.stringify({ subscribers: SUBSCRIBERS, atKill, end, delivered: provider.delivered.size, twice, status })}\n`,
    );
    // the kill cut the fan-out itself, not only deliveries in flight
    expect(atKill.rows).toBeLessThan(SUBSCRIBERS * 0.6);
    expect(status).toBe('dispatched');
    expect(end).toEqual({ rows: SUBSCRIBERS, recipients: SUBSCRIBERS, sent: SUBSCRIBERS });
    expect(provider.delivered.size).toBe(SUBSCRIBERS);
    expect(twice).toBe(0);
  });
});
