/**
 * bench/topics: fan-out of one notification to a topic's subscribers on
 * PostgreSQL, through BullMQ with two worker processes (issue 27 item 2),
 * Herald against a hand-written keyset + addBulk fan-out in the same run.
 * Needs PostgreSQL on 127.0.0.1:5432 (trust, database `test`), Redis on
 * 127.0.0.1:6379 and `npm run build`.
 *
 * For each N in BENCH_TOPICS_SIZES (default "10000,100000,1000000"), N
 * subscribers of topic `bench:release:<N>` are loaded into
 * `herald_topic_subscriptions` (one INSERT ... SELECT generate_series,
 * not timed) of a private schema migrated with Herald's migrations. Then
 * each side, BENCH_TOPICS_ROUNDS times (default 1; the order alternates,
 * peer first in even rounds):
 *
 * - Herald (herald-process.js, herald-app.js): two worker processes boot
 *   the app (NotifierModule, database stores, topics, reliable delivery on
 *   BullMQ, fan-out and delivery workers, 50 deliveries at once each); then
 *   a caller process boots the same app without workers and calls
 *   `notify(topic(key), notification)` once. That enqueues one fan-out job;
 *   a worker streams the subscribers in keyset pages of 1,000 through the
 *   notifier's stages (delivery records + addBulk per page, checkpoint per
 *   page), and both workers deliver.
 * - Peer (peer-process.js): two plain BullMQ worker processes (concurrency
 *   50), then a caller process that walks the same table in keyset pages of
 *   1,000 and calls `Queue.addBulk` with one job per subscriber; a worker
 *   hands each to the provider and INSERTs its delivery record, `sent`.
 *
 * The notification goes to a custom channel whose provider is in-process
 * and answers at once (provider.js): a stand-in for a provider with no
 * latency, so the figures are the fan-out and the queue, not a network.
 * A run ends when the database holds N `sent` delivery records of the
 * notification (checked: N rows, N distinct recipients). Measured per side:
 * - `rate`: N / (last record's `updated_at` − the instant notify() was
 *   called), deliveries/s; a ratio below 1 means Herald is slower;
 * - `firstDeliveryMs`: notify() called → the provider's first send;
 * - `callMs`: how long notify() (the peer: its whole fan-out loop) took;
 * - `callerPeakRssMb`: peak RSS (VmHWM, or 50 ms samples) of the process
 *   that called notify(); `workerPeakRssMb`: the larger of the two workers'.
 *   Herald's fan-out runs in a worker, the peer's in its caller; neither
 *   holds more than one page, so both should stay flat as N grows;
 *   `heapAfterGcMb`: each process's V8 heap after a full GC once the run
 *   is over, which tells what it holds from a peak that only reflects when
 *   V8 chose to collect;
 * - `callerRssGrowth`: caller peak RSS at the largest N / at the smallest.
 * The schema and every Redis key under the bench's prefix are removed at the end.
 *
 * Small run: `BENCH_TOPICS_SIZES=10000 node bench/topics/index.js`. The 1M
 * figures: `npm run build && node bench/run.js topics` on a quiet machine.
 */
const { Client } = require('pg');
const { Queue } = require('bullmq');
const Redis = require('ioredis');
const { DataSource } = require('typeorm');
const { connectionFromUrl } = require('@herald/notification/bullmq');
const {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} = require('@herald/notification/typeorm');
const { compare, median, report, round } = require('../harness');
const { startChild } = require('./children');

const SIZES = (process.env.BENCH_TOPICS_SIZES ?? '10000,100000,1000000').split(',').map((s) => {
  const n = Number(s);
  if (!Number.isInteger(n) || n < 1)
    throw new RangeError(
      `BENCH_TOPICS_SIZES: "${s}" is not a whole number of subscribers (1 or more)`,
    );
  return n;
});
const ROUNDS = Number(process.env.BENCH_TOPICS_ROUNDS ?? 1);
const WORKERS = 2;
const CONCURRENCY = 50;
const BATCH = 1000;
const { PG, pgDataSource } = require('../postgres');
const schema = `herald_bench_topics_${process.pid}`;
const prefix = `herald-bench-topics-${process.pid}`;
const records = `"${schema}".herald_delivery_records`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes) => round(bytes / 2 ** 20, 1);

async function createSchema(admin) {
  await admin.query(`CREATE SCHEMA "${schema}"`);
  const ds = new DataSource(
    pgDataSource(schema, {
      migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
    }),
  );
  await ds.initialize();
  await ds.runMigrations();
  await ds.destroy();
}

/** N subscribers of a topic of their own (ids `user-0000001`..., no routing fields). */
async function loadSubscribers(admin, n) {
  const topicKey = `bench:release:${n}`;
  const started = Date.now();
  await admin.query(
    `INSERT INTO "${schema}".herald_topic_subscriptions (topic_key, subscriber_id, recipient, created_at)
     SELECT $1, 'user-' || lpad(i::text, 7, '0'), NULL, 0 FROM generate_series(1, $2::int) AS i`,
    [topicKey, n],
  );
  await admin.query(`ANALYZE "${schema}".herald_topic_subscriptions`);
  console.error(`topics: ${n} subscribers loaded in ${Date.now() - started} ms`);
  return topicKey;
}

/** The queues a side uses (Herald's notifier and fan-out queues hang off the delivery queue). */
const queuesOf = (side, queueName) =>
  side === 'herald' ? [queueName, `${queueName}-notifier`, `${queueName}-topics`] : [queueName];

async function obliterate(names) {
  for (const name of names) {
    const queue = new Queue(name, { connection: connectionFromUrl(), prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
}

/** One fan-out of `n` subscribers by `side`, measured; leaves empty tables and queues. */
async function runSide(admin, side, n, topicKey, round) {
  const script = side === 'herald' ? 'herald-process.js' : 'peer-process.js';
  const queueName = `topics-${side}-${n}-${round}`;
  const env = {
    BENCH_TOPICS_SCHEMA: schema,
    BENCH_TOPICS_QUEUE: queueName,
    BENCH_TOPICS_PREFIX: prefix,
    BENCH_TOPICS_TOPIC: topicKey,
    BENCH_TOPICS_CONCURRENCY: String(CONCURRENCY),
    BENCH_TOPICS_BATCH: String(BATCH),
  };
  const children = [];
  let failure;
  const watch = (child) => {
    children.push(child);
    child.until(() => false).catch((error) => (failure ??= error));
    return child;
  };
  try {
    const workers = Array.from({ length: WORKERS }, () => watch(startChild(script, 'worker', env)));
    await Promise.all(workers.map((w) => w.until((m) => m.ready)));
    const caller = watch(startChild(script, 'caller', env));
    const { notified } = await caller.until((m) => m.notified);
    // at least 60 s, and 100 deliveries/s at worst
    const deadline = Date.now() + Math.max(60_000, n * 10);
    const check = () => {
      if (failure) throw failure;
      if (Date.now() > deadline) throw new Error(`${side}: ${n} deliveries not done in time`);
    };
    // the providers' own counts first (cheap), then the records
    while (workers.reduce((sum, w) => sum + w.sent(), 0) < n) {
      check();
      await sleep(100);
    }
    let done;
    for (;;) {
      check();
      const [row] = (
        await admin.query(
          `SELECT count(*)::int AS sent, max(updated_at)::float8 AS last FROM ${records}
           WHERE notification_id = $1 AND status = 'sent'`,
          [notified.notificationId],
        )
      ).rows;
      if (row.sent >= n) {
        done = row;
        break;
      }
      await sleep(200);
    }
    const [counted] = (
      await admin.query(
        `SELECT count(*)::int AS rows, count(DISTINCT recipient)::int AS recipients FROM ${records}
         WHERE notification_id = $1`,
        [notified.notificationId],
      )
    ).rows;
    if (counted.rows !== n || counted.recipients !== n)
      throw new Error(`${side}: ${n} subscribers got ${JSON.stringify(counted)} delivery records`);
    const callerDone = await caller.stop();
    const workersDone = await Promise.all(workers.map((w) => w.stop()));
    const accepted = workersDone.reduce((sum, d) => sum + d.accepted, 0);
    if (accepted !== n)
      throw new Error(`${side}: the provider accepted ${accepted} of ${n} messages`);
    const first = Math.min(...workers.map((w) => w.first()));
    return {
      rate: n / ((done.last - notified.start) / 1000),
      firstDeliveryMs: first - notified.start,
      callMs: notified.end - notified.start,
      callerPeakRss: callerDone.peakRss,
      callerHeapAfterGc: callerDone.heapAfterGc,
      workerPeakRss: Math.max(...workersDone.map((d) => d.peakRss)),
      workerHeapAfterGc: Math.max(...workersDone.map((d) => d.heapAfterGc)),
    };
  } finally {
    for (const child of children) child.kill();
    await obliterate(queuesOf(side, queueName));
    await admin.query(`TRUNCATE ${records}, "${schema}".herald_notifications`);
  }
}

/** Whatever is left under the bench's Redis prefix (obliterate leaves nothing; this is the net). */
async function dropRedisKeys() {
  const redis = new Redis({ host: '127.0.0.1', port: 6379, maxRetriesPerRequest: 3 });
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

async function main() {
  const admin = new Client(PG);
  await admin.connect();
  const runs = {};
  try {
    await createSchema(admin);
    for (const n of SIZES) {
      const topicKey = await loadSubscribers(admin, n);
      runs[n] = { herald: [], peer: [] };
      for (let r = 0; r < ROUNDS; r++) {
        const order = r % 2 === 0 ? ['peer', 'herald'] : ['herald', 'peer'];
        for (const side of order) {
          const run = await runSide(admin, side, n, topicKey, r);
          console.error(`topics ${n} ${side}: ${JSON.stringify(run)}`);
          runs[n][side].push(run);
        }
      }
    }
  } finally {
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
    await dropRedisKeys();
  }
  const results = {};
  const of = (n, side, field) => median(runs[n][side].map((run) => run[field]));
  for (const n of SIZES) {
    const pair = (field, scale = (v) => round(v, 1)) => ({
      herald: scale(of(n, 'herald', field)),
      peer: scale(of(n, 'peer', field)),
    });
    results[`topics.${n}.rate`] = compare(
      of(n, 'herald', 'rate'),
      of(n, 'peer', 'rate'),
      'deliveries/s',
    );
    results[`topics.${n}.firstDeliveryMs`] = {
      ...pair('firstDeliveryMs'),
      unit: 'ms from notify() to the first send',
    };
    results[`topics.${n}.callMs`] = {
      ...pair('callMs'),
      unit: 'ms the call took (peer: its whole fan-out loop)',
    };
    results[`topics.${n}.callerPeakRssMb`] = {
      ...pair('callerPeakRss', mb),
      unit: 'MB, process that called notify()',
    };
    results[`topics.${n}.workerPeakRssMb`] = {
      ...pair('workerPeakRss', mb),
      unit: 'MB, larger of the two workers',
    };
    results[`topics.${n}.heapAfterGcMb`] = {
      callerHerald: mb(of(n, 'herald', 'callerHeapAfterGc')),
      callerPeer: mb(of(n, 'peer', 'callerHeapAfterGc')),
      workerHerald: mb(of(n, 'herald', 'workerHeapAfterGc')),
      workerPeer: mb(of(n, 'peer', 'workerHeapAfterGc')),
      unit: 'MB of V8 heap still in use after a full GC at the end (what the process holds)',
    };
  }
  if (SIZES.length > 1) {
    const [small, large] = [Math.min(...SIZES), Math.max(...SIZES)];
    const growth = (side) =>
      round(of(large, side, 'callerPeakRss') / of(small, side, 'callerPeakRss'), 3);
    results['topics.callerRssGrowth'] = {
      herald: growth('herald'),
      peer: growth('peer'),
      unit: `caller peak RSS at ${large} / at ${small} subscribers`,
    };
  }
  report('topics', results, {
    setup: {
      sizes: SIZES,
      rounds: ROUNDS,
      workers: WORKERS,
      concurrency: CONCURRENCY,
      batch: BATCH,
    },
    peers: {
      topics:
        'hand-written fan-out on the same table and Redis: keyset pages of 1,000 (subscriber_id > $last) and Queue.addBulk of one job per subscriber in the caller; two plain BullMQ workers (concurrency 50) sending to the same in-process provider and INSERTing each sent delivery record into herald_delivery_records',
    },
    runs,
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
