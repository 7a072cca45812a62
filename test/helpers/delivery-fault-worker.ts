/**
 * A queue worker process for the delivery fault test: delivers from the
 * BullMQ queue named in the environment into the counting provider, with the
 * PostgreSQL delivery store in the given schema. SIGTERM closes gracefully.
 */
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { createDeliveryService } from '@herald/notification';
import { DeliveryWorker } from '@herald/notification/bullmq';
import { DatabaseDeliveryStore, deliveryRecordEntity } from '@herald/notification/typeorm';
import { HttpTestSmsChannel } from './delivery-fake-provider.js';

async function main(): Promise<void> {
  const env = process.env;
  const dataSource = new DataSource({
    type: 'postgres',
    host: '127.0.0.1',
    port: 5432,
    username: 'postgres',
    database: 'test',
    schema: env.FAULT_SCHEMA,
    entities: [deliveryRecordEntity()],
    extra: { max: 10 },
  });
  await dataSource.initialize();
  const service = createDeliveryService(
    { retryAttempts: 3, retryBaseMs: 20, retryCapMs: 100, circuitThreshold: 1_000_000 },
    { store: new DatabaseDeliveryStore(dataSource) },
  );
  service.register('sms', new HttpTestSmsChannel('fake', `${env.FAULT_PROVIDER}/ok`));
  service.register('sms', new HttpTestSmsChannel('broken', `${env.FAULT_PROVIDER}/fail`));
  const worker = new DeliveryWorker(service, {
    queueName: env.FAULT_QUEUE,
    prefix: env.FAULT_PREFIX,
    concurrency: 20,
    lockDurationMs: 2000,
    stalledIntervalMs: 1000,
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
