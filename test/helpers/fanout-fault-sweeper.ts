/**
 * The fresh process of the fan-out fault test: the notifier app of
 * `outbox-fault-app.ts` as any restarted instance runs it (delivery worker
 * on, the sweeper on with `FAULT_SWEEP_AFTER` / `FAULT_SWEEP_INTERVAL`
 * seconds). It calls nothing: whatever goes out, the sweeper re-enqueued.
 * SIGTERM closes gracefully.
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
    deliveryWorker: true,
    delivery: {
      sweepAfter: Number(env.FAULT_SWEEP_AFTER),
      sweepInterval: Number(env.FAULT_SWEEP_INTERVAL),
      concurrency: 50,
    },
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
