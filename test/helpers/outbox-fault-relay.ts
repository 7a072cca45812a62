/**
 * An outbox relay process for the outbox fault test: the notifier app of
 * `outbox-fault-app.ts` with the relay on and no delivery worker, so a
 * SIGKILL hits the relay mid-batch. SIGTERM closes gracefully.
 */
import 'reflect-metadata';
import { startOutboxFaultApp } from './outbox-fault-app.js';

async function main(): Promise<void> {
  const env = process.env;
  const app = await startOutboxFaultApp({
    schema: env.FAULT_SCHEMA!,
    queueName: env.FAULT_QUEUE!,
    prefix: env.FAULT_PREFIX!,
    endpoint: env.FAULT_ENDPOINT!,
    deliveryWorker: false,
    outbox: { relay: true, batchSize: 50, pollIntervalMs: 200, leaseMs: 2000 },
  });
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void app.close().then(() => process.exit(0));
  });
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
