/**
 * A worker process for queue.bench.js: `node queue-worker.js <herald|peer>`
 * with BENCH_QUEUE, BENCH_PREFIX, BENCH_TWILIO_URL in the environment. Herald:
 * a DeliveryWorker over the Twilio channel; peer: a plain BullMQ Worker
 * calling the same channel. With BENCH_PG_SCHEMA set, Herald keeps its
 * records in a DatabaseDeliveryStore on PostgreSQL (that schema) and the peer
 * INSERTs one row per job into `bench_peer_deliveries` there after the send.
 * Prints "ready"; SIGUSR2 starts the CPU count again (after the warm-up) and
 * prints "mark"; SIGTERM closes gracefully and prints `cpu <µs>`, the CPU time
 * since "ready" or the last "mark".
 */
const { NamedSMSConfig } = require('@herald/contracts');
const {
  createSmsChannel,
  createDeliveryService,
  DeliveryTelemetry,
} = require('@herald/notification');
const { DeliveryWorker, connectionFromUrl } = require('@herald/notification/bullmq');
const { Worker } = require('bullmq');

const [mode] = process.argv.slice(2);
const { BENCH_QUEUE: queueName, BENCH_PREFIX: prefix, BENCH_TWILIO_URL: baseUrl } = process.env;
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 20);
const pgSchema = process.env.BENCH_PG_SCHEMA;
const { pgDataSource, PG: SHARED_PG } = require('../postgres');

const PG = { ...SHARED_PG, max: 10 };

const channel = createSmsChannel(
  new NamedSMSConfig({
    name: 'tw',
    driver: 'twilio',
    twilio: {
      accountSid: 'AC00000000000000000000000000000000',
      authToken: 'test-auth-token',
      fromNumber: '+15005550006',
      baseUrl,
    },
  }),
  new DeliveryTelemetry(),
);

/** Herald's store on PostgreSQL, or the peer's pool, when BENCH_PG_SCHEMA is set. */
async function database() {
  if (!pgSchema) return {};
  if (mode === 'herald') {
    const { DataSource } = require('typeorm');
    const { DatabaseDeliveryStore, deliveryRecordEntity } = require('@herald/notification/typeorm');
    const ds = new DataSource(
      pgDataSource(pgSchema, {
        entities: [deliveryRecordEntity()],
        extra: { max: PG.max },
      }),
    );
    await ds.initialize();
    // BENCH_QUEUE_PG_IN_FLIGHT: the store's batchTransitions.inFlight (default 1)
    const inFlight = Number(process.env.BENCH_QUEUE_PG_IN_FLIGHT ?? 1);
    return {
      store: new DatabaseDeliveryStore(ds, { batchTransitions: { inFlight } }),
      close: () => ds.destroy(),
    };
  }
  const { Pool } = require('pg');
  const pool = new Pool(PG);
  const insert = `INSERT INTO "${pgSchema}".bench_peer_deliveries
    (id, channel, backend, recipient, status, provider_message_id, created_at, sent_at)
    VALUES ($1, 'sms', 'tw', $2, 'sent', $3, $4, $4)`;
  return {
    record: (job, result) =>
      pool.query(insert, [job.id, job.data.to, result?.messageId ?? null, Date.now()]),
    close: () => pool.end(),
  };
}

async function main() {
  const db = await database();
  let worker;
  if (mode === 'herald') {
    const service = createDeliveryService(
      { retryAttempts: 3, retryBaseMs: 10 },
      { store: db.store },
    );
    service.register('sms', channel);
    worker = new DeliveryWorker(service, { queueName, prefix, concurrency });
  } else {
    const handler = db.record
      ? async (job) => {
          const result = await channel.send(job.data);
          await db.record(job, result);
          return result;
        }
      : (job) => channel.send(job.data);
    worker = new Worker(queueName, handler, {
      connection: connectionFromUrl(),
      prefix,
      concurrency,
    });
  }
  worker.on?.('error', () => undefined);
  await (worker.ready ? worker.ready() : worker.waitUntilReady());
  let cpuAtReady = process.cpuUsage();
  process.stdout.write('ready\n');
  process.on('SIGUSR2', () => {
    cpuAtReady = process.cpuUsage();
    process.stdout.write('mark\n');
  });
  // On SIGTERM: close, then print the CPU time (µs) spent since "ready" (`cpu <µs>`).
  process.once(
    'SIGTERM',
    () =>
      void worker
        .close()
        .then(() => db.store?.flush())
        .then(() => db.close?.())
        .then(() => {
          const { user, system } = process.cpuUsage(cpuAtReady);
          process.stdout.write(`cpu ${user + system}\n`, () => process.exit(0));
        }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
