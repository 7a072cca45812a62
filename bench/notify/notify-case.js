/**
 * One case of bench/notify, in its own process: `node notify-case.js
 * <herald|peer>-<fanout|calls>`. Sets up a private PostgreSQL schema (the
 * delivery, notifier and inbox migrations) and a throw-away BullMQ queue,
 * runs a warm-up round and BENCH_NOTIFY_ROUNDS measured rounds (the table
 * truncated and the queue emptied between rounds, untimed), prints
 * `{ deliveriesPerSecond, latencyMs: { p50, p99 }, rounds }` and removes
 * what it created.
 */
require('reflect-metadata');
const { randomUUID } = require('node:crypto');
const { performance } = require('node:perf_hooks');
const { Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { TypeOrmModule } = require('@nestjs/typeorm');
const { Queue } = require('bullmq');
const { Client } = require('pg');
const { DataSource } = require('typeorm');
const { ObservabilityModule } = require('@herald/observability');
const {
  MailerModule,
  Notification,
  NotificationModule,
  NotifierModule,
  NotifierService,
} = require('@herald/notification');
const { InboxModule } = require('@herald/notification/inbox');
const { connectionFromUrl } = require('@herald/notification/bullmq');
const {
  CreateDeliveryRecords1732400000000,
  CreateInboxMessages1732300000000,
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  NOTIFIER_MIGRATIONS,
} = require('@herald/notification/typeorm');
const { median } = require('../harness');

const [side, kind] = (process.argv[2] ?? '').split('-');
if (!['herald', 'peer'].includes(side) || !['fanout', 'calls'].includes(kind)) {
  throw new Error('usage: node notify-case.js <herald|peer>-<fanout|calls>');
}
const RECIPIENTS = Number(process.env.BENCH_NOTIFY_RECIPIENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_NOTIFY_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_NOTIFY_CONCURRENCY ?? 32);
const CHANNELS = ['sms', 'mail', 'inbox'];
const { PG, pgDataSource } = require('../postgres');
const schema = `herald_bench_notify_${process.pid}`;
const queueName = `herald-bench-notify-${side}-${kind}-${process.pid}`;
const prefix = 'herald-bench';
const database = pgDataSource(schema, { extra: { max: 10 } });

const users = Array.from({ length: RECIPIENTS }, (_, i) => ({
  id: `user-${i}`,
  name: `User ${i}`,
  email: `user${i}@example.com`,
  phone: `+1555${String(i).padStart(7, '0')}`,
}));

class OrderShipped extends Notification {
  via() {
    return CHANNELS;
  }
  toSms(user) {
    return `Hello ${user.name}, your order shipped`;
  }
  toMail(user) {
    return { subject: 'Your order shipped', text: `Hello ${user.name}, your order shipped` };
  }
  toInbox(user) {
    return { title: 'Order shipped', body: `Hello ${user.name}, your order shipped` };
  }
}

/** Herald: the notifier in a Nest application context, the delivery queue on BullMQ, no worker. */
async function heraldSide() {
  class BenchModule {}
  Module({
    imports: [
      ObservabilityModule,
      TypeOrmModule.forRoot({ ...database, synchronize: false }),
      NotificationModule.forRoot({
        smsBackends: [{ name: 'sms', primary: true, driver: 'log' }],
        delivery: {
          enabled: true,
          queue: 'bullmq',
          store: 'database',
          queueName,
          queuePrefix: prefix,
          worker: false,
        },
      }),
      MailerModule.forRoot({
        backends: [{ name: 'mail', primary: true, driver: 'log', fromEmail: 'bench@herald.test' }],
      }),
      InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
      NotifierModule.forRoot({ store: 'database' }),
    ],
  })(BenchModule);
  const app = await NestFactory.createApplicationContext(BenchModule, { logger: false });
  const notifier = app.get(NotifierService);
  return {
    fanout: async () => {
      const result = await notifier.notify(users, new OrderShipped());
      if (result.deliveries.length !== users.length * CHANNELS.length)
        throw new Error(`herald wrote ${result.deliveries.length} deliveries`);
    },
    call: (user) => notifier.notify(user, new OrderShipped()),
    close: () => app.close(),
  };
}

/** The peer: the same rows and jobs, by hand, on a DataSource and a BullMQ Queue. */
async function peerSide() {
  const ds = new DataSource({ ...database });
  await ds.initialize();
  const queue = new Queue(queueName, { connection: connectionFromUrl(), prefix });
  const table = `"${schema}"."herald_delivery_records"`;
  const columns =
    'id, channel, backend, recipient, status, attempts, last_error, idempotency_key, notification_id, created_at, updated_at';
  const jobOptions = (jobId) => ({
    jobId,
    attempts: 5,
    backoff: { type: 'exponential', delay: 1000 },
    removeOnComplete: true,
    removeOnFail: { age: 604_800 },
  });
  const deliveriesOf = (user, notificationId) => {
    const now = Date.now();
    const messages = {
      sms: { to: user.phone, body: `Hello ${user.name}, your order shipped` },
      mail: {
        to: [{ name: user.name, address: user.email }],
        subject: 'Your order shipped',
        text: `Hello ${user.name}, your order shipped`,
      },
      inbox: {
        userId: user.id,
        title: 'Order shipped',
        body: `Hello ${user.name}, your order shipped`,
      },
    };
    const address = { sms: user.phone, mail: user.email, inbox: user.id };
    return CHANNELS.map((channel) => {
      const id = `dlv_${randomUUID().replace(/-/g, '')}`;
      const key = `${notificationId}:${channel}:${user.id}`;
      const record = [
        id,
        channel,
        channel,
        address[channel],
        'queued',
        0,
        null,
        key,
        notificationId,
        now,
        now,
      ];
      const job = {
        name: channel,
        data: {
          id,
          channel,
          backends: [channel],
          message: { ...messages[channel], idempotencyKey: key },
        },
        opts: jobOptions(id),
      };
      return { record, job };
    });
  };
  const write = async (deliveries) => {
    const width = 11;
    const rows = Math.floor(65_535 / width);
    for (let start = 0; start < deliveries.length; start += rows) {
      const chunk = deliveries.slice(start, start + rows);
      const tuples = chunk.map(
        (_, r) =>
          `(${Array.from({ length: width }, (__, c) => `$${r * width + c + 1}`).join(', ')})`,
      );
      await ds.query(
        `INSERT INTO ${table} (${columns}) VALUES ${tuples.join(', ')} ON CONFLICT (id) DO NOTHING`,
        chunk.flatMap((d) => d.record),
      );
    }
    for (let start = 0; start < deliveries.length; start += 1000)
      await queue.addBulk(deliveries.slice(start, start + 1000).map((d) => d.job));
  };
  return {
    fanout: async () => {
      const notificationId = `ntf_${randomUUID().replace(/-/g, '')}`;
      await write(users.flatMap((u) => deliveriesOf(u, notificationId)));
    },
    call: (user) => write(deliveriesOf(user, `ntf_${randomUUID().replace(/-/g, '')}`)),
    close: async () => {
      await queue.close();
      await ds.destroy();
    },
  };
}

/** `calls`: every user once, CONCURRENCY calls in flight; answers each call's latency. */
async function calls(call) {
  const latencies = new Array(users.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < users.length) {
        const i = next++;
        const started = performance.now();
        await call(users[i]);
        latencies[i] = performance.now() - started;
      }
    }),
  );
  return latencies;
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  const admin = new Client(PG);
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const migrator = new DataSource({
    ...database,
    migrations: [
      CreateInboxMessages1732300000000,
      CreateDeliveryRecords1732400000000,
      ...NOTIFIER_MIGRATIONS,
      AddInboxMessageStates1736200000000,
      CreateInboxCounters1736700000000,
      AddInboxCounterBounds1736800000000,
    ],
  });
  await migrator.initialize();
  await migrator.runMigrations();
  const reset = async () => {
    await migrator.query(
      `TRUNCATE "${schema}"."herald_delivery_records", "${schema}"."herald_notifications"`,
    );
    const queue = new Queue(queueName, { connection: connectionFromUrl(), prefix });
    await queue.obliterate({ force: true });
    await queue.close();
    global.gc?.();
  };
  const bench = side === 'herald' ? await heraldSide() : await peerSide();
  const rounds = [];
  try {
    for (let r = 0; r <= ROUNDS; r++) {
      await reset();
      const started = performance.now();
      const latencies = kind === 'fanout' ? [await timed(bench.fanout)] : await calls(bench.call);
      const seconds = (performance.now() - started) / 1000;
      const sorted = latencies.sort((a, b) => a - b);
      if (r > 0) {
        rounds.push({
          deliveriesPerSecond: (users.length * CHANNELS.length) / seconds,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
        });
      }
    }
  } finally {
    await bench.close();
    await reset();
    await migrator.destroy();
    await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
    await admin.end();
  }
  process.stdout.write(
    JSON.stringify({
      case: `${side}-${kind}`,
      deliveriesPerSecond: median(rounds.map((r) => r.deliveriesPerSecond)),
      latencyMs: { p50: median(rounds.map((r) => r.p50)), p99: median(rounds.map((r) => r.p99)) },
      rounds,
      setup: {
        recipients: RECIPIENTS,
        channels: CHANNELS,
        concurrency: CONCURRENCY,
        rounds: ROUNDS,
      },
    }),
  );
}

async function timed(fn) {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
