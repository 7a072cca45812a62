/**
 * The caller of the fan-out fault test: the notifier app of
 * `outbox-fault-app.ts` (no delivery worker, no sweep during its short
 * life), which calls `notify()` once for `FAULT_RECIPIENTS` users and
 * SIGKILLs itself when reliable delivery adds its `FAULT_KILL_AT_ENQUEUE`-th
 * batch of jobs: the records of that slice are written, its jobs never are.
 * The seam is this process's own queue object; nothing in the library reads it.
 */
import 'reflect-metadata';
import { DeliveryService, type DeliveryJob } from '@herald/notification';
import { NotifierService } from '@herald/notification/notifier';
import { Ping, startOutboxFaultApp } from './outbox-fault-app.js';

async function main(): Promise<void> {
  const env = process.env;
  const app = await startOutboxFaultApp({
    schema: env.FAULT_SCHEMA!,
    queueName: env.FAULT_QUEUE!,
    prefix: env.FAULT_PREFIX!,
    endpoint: env.FAULT_ENDPOINT!,
    deliveryWorker: false,
    delivery: { sweepAfter: 86_400, sweepInterval: 3600 },
  });
  const queue = app.get(DeliveryService).queue!;
  const addJobs = queue.enqueueMany!.bind(queue);
  let batches = 0;
  queue.enqueueMany = async (jobs: readonly DeliveryJob[]) => {
    if (++batches === Number(env.FAULT_KILL_AT_ENQUEUE)) {
      process.stdout.write(`killed before adding ${jobs.length} jobs\n`);
      process.kill(process.pid, 'SIGKILL');
      await new Promise(() => undefined);
    }
    return addJobs(jobs);
  };
  process.stdout.write('ready\n');
  const recipients = Array.from({ length: Number(env.FAULT_RECIPIENTS) }, (_, i) => ({
    id: `user-${i}`,
  }));
  await app.get(NotifierService).notify(recipients, new Ping(1));
  process.stdout.write('notify returned\n'); // the test fails if the kill never came
  await app.close();
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
