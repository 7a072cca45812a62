/**
 * A worker of the topics fault test: the notifier app of
 * `outbox-fault-app.ts` with the delivery worker, the notifier's worker and
 * so the topic fan-out worker on (fan-out lock `FAULT_LOCK_MS`, batches of
 * `FAULT_BATCH`). With `FAULT_NOTIFY=1` it first calls
 * `notify(topic(FAULT_TOPIC), new Ping(1))` with idempotency key
 * `FAULT_KEY`. The test SIGKILLs it.
 */
import 'reflect-metadata';
import { NotifierService, topic } from '@herald/notification/notifier';
import { Ping, startOutboxFaultApp } from './outbox-fault-app.js';

async function main(): Promise<void> {
  const env = process.env;
  const app = await startOutboxFaultApp({
    schema: env.FAULT_SCHEMA!,
    queueName: env.FAULT_QUEUE!,
    prefix: env.FAULT_PREFIX!,
    endpoint: env.FAULT_ENDPOINT!,
    deliveryWorker: true,
    delivery: { concurrency: 50 },
    topics: {
      batchSize: Number(env.FAULT_BATCH),
      lockDurationMs: Number(env.FAULT_LOCK_MS),
      notifications: [Ping],
    },
  });
  if (env.FAULT_NOTIFY === '1') {
    await app
      .get(NotifierService)
      .notify(topic(env.FAULT_TOPIC!), new Ping(1), { idempotencyKey: env.FAULT_KEY });
  }
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
