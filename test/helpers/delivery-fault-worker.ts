/**
 * A queue worker process for the delivery fault tests: delivers from the
 * BullMQ queue named in the environment into the counting provider, with the
 * PostgreSQL delivery store in the given schema. Backend `fake` posts to the
 * provider's `FAULT_ROUTE` (default `ok`), `slow` to `/slow?ms=FAULT_SLOW_MS`.
 * `FAULT_LOCK_MS` / `FAULT_STALLED_MS` set the worker's lock and stalled
 * interval (unset: the library's defaults). SIGTERM closes gracefully.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createDeliveryService } from '@herald/notification';
import { DeliveryWorker } from '@herald/notification/bullmq';
import { DatabaseDeliveryStore, deliveryRecordEntity } from '@herald/notification/typeorm';
import { HttpTestSmsChannel } from './delivery-fake-provider.js';
import { schemaOptions } from './pg-schema.js';

async function main(): Promise<void> {
  const env = process.env;
  const dataSource = new DataSource({
    ...schemaOptions(env.FAULT_SCHEMA),
    entities: [deliveryRecordEntity()],
    extra: { max: 10 },
  });
  await dataSource.initialize();
  const service = createDeliveryService(
    { retryAttempts: 3, retryBaseMs: 20, retryCapMs: 100, circuitThreshold: 1_000_000 },
    { store: new DatabaseDeliveryStore(dataSource) },
  );
  service.register(
    'sms',
    new HttpTestSmsChannel('fake', `${env.FAULT_PROVIDER}/${env.FAULT_ROUTE ?? 'ok'}`),
  );
  service.register(
    'sms',
    new HttpTestSmsChannel('slow', `${env.FAULT_PROVIDER}/slow?ms=${env.FAULT_SLOW_MS ?? 1000}`),
  );
  service.register('sms', new HttpTestSmsChannel('broken', `${env.FAULT_PROVIDER}/fail`));
  const worker = new DeliveryWorker(service, {
    queueName: env.FAULT_QUEUE,
    prefix: env.FAULT_PREFIX,
    concurrency: 20,
    lockDurationMs: env.FAULT_LOCK_MS ? Number(env.FAULT_LOCK_MS) : undefined,
    stalledIntervalMs: env.FAULT_STALLED_MS ? Number(env.FAULT_STALLED_MS) : undefined,
  });
  await worker.ready();
  process.stdout.write('ready\n');
  process.once('SIGTERM', () => {
    void worker
      .close()
      .then(() => dataSource.destroy())
      .then(() => process.exit(0));
  });
}

main().catch((error) => {
  process.stderr.write(`${(error as Error).stack}\n`);
  process.exit(1);
});
