/**
 * Sends per second through Herald's reliable delivery to the fake Twilio
 * server: inline (retry + circuit breaker + record in the caller) against the
 * same channel wrapped by hand in cockatiel retry + breaker; and queued on
 * BullMQ (enqueue N, count until the fake provider has N messages) with one
 * and with two worker processes, against a plain BullMQ queue + Worker calling
 * the same channel. The same queued case again with the records in
 * PostgreSQL (`queue.bullmq.postgres.*`): Herald's DatabaseDeliveryStore
 * (record and job written by the producer, `sending`/`sent` by the worker)
 * against the plain BullMQ worker doing one INSERT per job after the send;
 * there a run ends when the database holds every record as sent. Needs Redis
 * on 127.0.0.1:6379, PostgreSQL on 127.0.0.1:5432 (trust, database `test`,
 * a private schema dropped at the end) and `npm run build`.
 * Throughput: a ratio below 1 means Herald is slower. `*.workerCpu`: CPU time
 * of the worker processes per message (µs), a ratio above 1 means Herald
 * spends more; `*.producerCpu`, `*.postgresCpu` and `*.redisCpu` the same for
 * the producer (which also plays the provider), PostgreSQL and Redis. Each
 * round prints its figures to stderr.
 */
const { spawn } = require('node:child_process');
const { readdirSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');
const { NamedSMSConfig } = require('@herald/contracts');
const {
  createSmsChannel,
  createDeliveryService,
  DeliveryTelemetry,
  ReliableSmsChannel,
} = require('@herald/notification');
const { BullmqDeliveryQueue, connectionFromUrl } = require('@herald/notification/bullmq');
const { FakeTwilioServer } = require('@herald/notification/testing');
const {
  DatabaseDeliveryStore,
  deliveryRecordEntity,
  heraldMigrations,
} = require('@herald/notification/typeorm');
const { DataSource } = require('typeorm');
const cockatiel = require('cockatiel');
const { Queue } = require('bullmq');
const { compare, median } = require('../harness');

const SENDS = Number(process.env.BENCH_SENDS ?? 2000);
const QUEUED = Number(process.env.BENCH_QUEUED ?? 2000);
const QUEUE_ROUNDS = Number(process.env.BENCH_QUEUE_ROUNDS ?? 3);
/** Messages each queued round delivers before its clocks start (BENCH_QUEUE_WARMUP=0: none). */
const WARMUP = Number(process.env.BENCH_QUEUE_WARMUP ?? 500);
/** Earlier deliveries each PostgreSQL table holds (BENCH_QUEUE_PG_HISTORY), see openPostgres. */
const PG_HISTORY = Number(process.env.BENCH_QUEUE_PG_HISTORY ?? 100_000);
const CONCURRENCY = 50;
const { PG, pgDataSource } = require('../postgres');

async function throughput(send, total = SENDS) {
  for (let i = 0; i < 100; i++) await send(`warm-${i}`);
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) await send(String(next++));
    }),
  );
  return total / ((performance.now() - start) / 1000);
}

function twilioChannel(twilio) {
  return createSmsChannel(
    new NamedSMSConfig({
      name: 'tw',
      driver: 'twilio',
      twilio: {
        accountSid: twilio.accountSid,
        authToken: twilio.authToken,
        fromNumber: '+15005550006',
        baseUrl: twilio.url,
      },
    }),
    new DeliveryTelemetry(),
  );
}

async function inline(twilio) {
  const channel = twilioChannel(twilio);
  const service = createDeliveryService({ retryAttempts: 3, retryBaseMs: 10 });
  service.register('sms', channel);
  const reliable = new ReliableSmsChannel(service, ['tw']);
  const policy = cockatiel.wrap(
    cockatiel.retry(cockatiel.handleAll, {
      maxAttempts: 2,
      backoff: new cockatiel.ExponentialBackoff({ initialDelay: 10 }),
    }),
    cockatiel.circuitBreaker(cockatiel.handleAll, {
      halfOpenAfter: 30_000,
      breaker: new cockatiel.ConsecutiveBreaker(5),
    }),
  );
  const msg = (key) => ({
    to: '+15551234567',
    body: `inline ${key}`,
    idempotencyKey: `inline-${key}`,
  });
  // Alternating rounds, median of each: the first round of either side warms the JIT and sockets.
  const herald = [];
  const peer = [];
  for (let round = 0; round < 3; round++) {
    peer.push(await throughput((k) => policy.execute(() => channel.send(msg(`${round}-${k}`)))));
    herald.push(await throughput((k) => reliable.send(msg(`${round}-${k}`))));
  }
  return compare(median(herald), median(peer), 'sends/s');
}

function startWorker(mode, env) {
  // BENCH_WORKER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" profiles the worker processes
  const nodeArgs = process.env.BENCH_WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, join(__dirname, 'queue-worker.js'), mode], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.output = '';
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (c) => {
      child.output += c.toString();
      if (child.output.includes('ready')) resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`bench worker exited with ${code}`)));
  });
}

/** Starts a worker's CPU count again (SIGUSR2) and waits until it says so. */
function markWorker(child) {
  const marks = () => child.output.split('mark').length - 1;
  const before = marks();
  child.kill('SIGUSR2');
  return new Promise((resolve) => {
    const check = () => (marks() > before ? resolve() : setTimeout(check, 5));
    check();
  });
}

/** CPU time (µs) a worker spent between "ready" (or its last "mark") and its exit, as it printed it. */
function workerCpu(child) {
  const match = /cpu (\d+)/.exec(child.output);
  if (!match) throw new Error('bench worker did not print its CPU time');
  return Number(match[1]);
}

/**
 * CPU time (µs) of each server process alive now whose name begins with
 * `name` (`postgres`, `redis-server`), by pid, from /proc (Linux; an empty map
 * elsewhere): what the server spent on a run is the difference of two readings.
 */
function serverCpu(name) {
  const byPid = new Map();
  let pids = [];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return byPid;
  }
  for (const pid of pids) {
    let stat;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    const close = stat.lastIndexOf(')');
    if (!stat.slice(stat.indexOf('(') + 1, close).startsWith(name)) continue;
    // after the name: state, ppid, ...; utime and stime are the 12th and 13th, in 1/100 s
    const fields = stat.slice(close + 2).split(' ');
    byPid.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
  }
  return byPid;
}

/** CPU µs the server processes spent between two `serverCpu()` readings. */
function serverCpuSince(before, after) {
  let spent = 0;
  for (const [pid, cpu] of after) spent += cpu - (before.get(pid) ?? 0);
  return spent;
}

/**
 * A private PostgreSQL schema with Herald's delivery table (migrated) and the
 * peer's table, each holding `PG_HISTORY` earlier deliveries, analyzed: a
 * user's table has history and statistics, which autovacuum keeps (it is off
 * on the bench machine). On a table that is new and never analyzed,
 * PostgreSQL plans a prepared statement's generic plan as a sequential scan,
 * and keeps that plan while the table grows, until the next ANALYZE.
 * `count(mode, round)` answers how many of a round's records are stored as
 * sent; `empty(mode, round)` deletes them and vacuums, as autovacuum would.
 */
async function openPostgres() {
  const schema = `herald_bench_queue_${process.pid}`;
  const ds = new DataSource(
    pgDataSource(schema, {
      entities: [deliveryRecordEntity()],
      // every Herald table, as an application migrates them (the records' later columns included)
      migrations: heraldMigrations(),
      extra: { max: 10 },
    }),
  );
  await ds.initialize();
  await ds.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  await ds.runMigrations();
  await ds.query(`CREATE TABLE "${schema}".bench_peer_deliveries (
    id varchar(64) PRIMARY KEY, channel varchar(16) NOT NULL, backend varchar(255) NOT NULL,
    recipient varchar(1024) NOT NULL, status varchar(16) NOT NULL,
    provider_message_id varchar(255) NULL, created_at bigint NOT NULL, sent_at bigint NULL)`);
  const table = (mode) =>
    mode === 'herald' ? `"${schema}".herald_delivery_records` : `"${schema}".bench_peer_deliveries`;
  const old = Date.now() - 86_400_000;
  for (const mode of ['herald', 'peer']) {
    const extra = mode === 'herald' ? ', attempts, updated_at' : '';
    await ds.query(`INSERT INTO ${table(mode)}
      (id, channel, backend, recipient, status, provider_message_id, created_at, sent_at${extra})
      SELECT 'history-' || g, 'sms', 'tw', '+15551234567', 'sent', 'SM' || g, ${old} + g, ${old} + g
        ${mode === 'herald' ? `, 1, ${old} + g` : ''}
      FROM generate_series(1, ${PG_HISTORY}) g`);
    await ds.query(`VACUUM ANALYZE ${table(mode)}`);
  }
  // a round's rows: Herald's by creation time (its status index), the peer's by
  // id (its job ids begin with the round's queue name; the collation is bytewise)
  const ofRound = (mode, round) =>
    mode === 'herald'
      ? [`created_at >= $1`, [round.since]]
      : [`id >= $1 AND id < $2`, [`${round.queueName}-`, `${round.queueName}.`]];
  return {
    schema,
    store: new DatabaseDeliveryStore(ds),
    count: async (mode, round) => {
      const [where, values] = ofRound(mode, round);
      return Number(
        (
          await ds.query(
            `SELECT count(*) AS n FROM ${table(mode)} WHERE status = 'sent' AND ${where}`,
            values,
          )
        )[0].n,
      );
    },
    empty: async (mode, round) => {
      const [where, values] = ofRound(mode, round);
      await ds.query(`DELETE FROM ${table(mode)} WHERE ${where}`, values);
      await ds.query(`VACUUM ANALYZE ${table(mode)}`);
    },
    close: async () => {
      await ds.query(`DROP SCHEMA "${schema}" CASCADE`);
      await ds.destroy();
    },
  };
}

/**
 * Sends/s from the first enqueue until the fake provider accepted all
 * `QUEUED` messages (with `pg`: and the database holds all of them as sent),
 * and the workers' CPU time per message (µs, every worker summed: less
 * sensitive than the rate to other jobs on the machine).
 */
async function queued(twilio, mode, workers, pg) {
  const queueName = `herald-bench-${mode}-${workers}-${process.pid}-${Date.now()}`;
  const prefix = 'herald-bench';
  const env = { BENCH_QUEUE: queueName, BENCH_PREFIX: prefix, BENCH_TWILIO_URL: twilio.url };
  const round = { queueName, since: Date.now() };
  if (pg) env.BENCH_PG_SCHEMA = pg.schema;
  const children = await Promise.all(Array.from({ length: workers }, () => startWorker(mode, env)));
  twilio.reset();
  const producer =
    mode === 'herald'
      ? new ReliableSmsChannel(
          createDeliveryService(
            {},
            {
              queue: new BullmqDeliveryQueue({ queueName, prefix, attempts: 3 }),
              store: pg?.store,
            },
          ),
          ['tw'],
        )
      : new Queue(queueName, { connection: connectionFromUrl(), prefix });
  const enqueue = async (from, to) => {
    const sends = [];
    for (let i = from; i < to; i++) {
      const message = {
        to: '+15551234567',
        body: `queued ${i}`,
        idempotencyKey: `${queueName}-${i}`,
      };
      sends.push(
        mode === 'herald'
          ? producer.send(message)
          : producer.add('sms', message, {
              jobId: message.idempotencyKey,
              attempts: 3,
              removeOnComplete: true,
            }),
      );
      if (sends.length >= 200) await Promise.all(sends.splice(0));
    }
    await Promise.all(sends);
  };
  // every request is accepted here: counting requests is O(1), `messages` copies them all
  const accepted = (n) => twilio.received.length >= n && twilio.messages.length >= n;
  const settled = async (n, stored) => {
    while (!accepted(n)) await new Promise((r) => setTimeout(r, 5));
    if (pg)
      while ((await pg.count(mode, round)) < stored) await new Promise((r) => setTimeout(r, 5));
  };
  // Warm-up: the worker processes are new each round; a user's worker has long run its code
  // hot. The clocks (rate and every CPU figure) start once the warm-up is delivered and stored.
  if (WARMUP > 0) {
    await enqueue(0, WARMUP);
    await settled(WARMUP, WARMUP);
    await Promise.all(children.map(markWorker));
    twilio.reset();
  }
  const start = performance.now();
  const producerCpuAtStart = process.cpuUsage();
  const pgCpuAtStart = pg && serverCpu('postgres');
  const redisCpuAtStart = serverCpu('redis-server');
  await enqueue(WARMUP, WARMUP + QUEUED);
  const enqueueMs = performance.now() - start;
  await settled(QUEUED, WARMUP + QUEUED);
  const rate = QUEUED / ((performance.now() - start) / 1000);
  const { user, system } = process.cpuUsage(producerCpuAtStart);
  // the producer, and the fake provider that both sides share
  const producerCpuPerSend = (user + system) / QUEUED;
  const pgCpuPerSend = pg && serverCpuSince(pgCpuAtStart, serverCpu('postgres')) / QUEUED;
  const redisCpuPerSend = serverCpuSince(redisCpuAtStart, serverCpu('redis-server')) / QUEUED;
  await Promise.all(
    children.map((c) => new Promise((r) => (c.once('exit', r), c.kill('SIGTERM')))),
  );
  const cpuPerSend = children.reduce((sum, c) => sum + workerCpu(c), 0) / QUEUED;
  const cleanup = new Queue(queueName, { connection: connectionFromUrl(), prefix });
  await cleanup.obliterate({ force: true });
  await cleanup.close();
  await (mode === 'herald' ? producer.delivery?.queue?.close?.() : producer.close());
  if (pg) await pg.empty(mode, round);
  const figures = {
    rate,
    enqueueMs,
    cpuPerSend,
    producerCpuPerSend,
    pgCpuPerSend,
    redisCpuPerSend,
  };
  console.error(
    `queued ${mode} ${workers}w${pg ? ' postgres' : ''}: ${Object.entries(figures)
      .map(([key, value]) => `${key} ${Math.round(value)}`)
      .join(', ')}`,
  );
  return figures;
}

/** Alternating rounds (the side that goes first alternates too), median of each. */
async function queuedCase(results, twilio, workers, pg) {
  const herald = [];
  const peer = [];
  for (let round = 0; round < QUEUE_ROUNDS; round++) {
    const order = round % 2 === 0 ? ['peer', 'herald'] : ['herald', 'peer'];
    for (const mode of order)
      (mode === 'herald' ? herald : peer).push(await queued(twilio, mode, workers, pg));
  }
  const name = `queue.bullmq.${pg ? 'postgres.' : ''}${workers}worker${workers > 1 ? 's' : ''}`;
  const medians = (field, unit) =>
    compare(median(herald.map((r) => r[field])), median(peer.map((r) => r[field])), unit);
  results[name] = {
    ...medians('rate', 'sends/s'),
    // every round's rate, in the order run: how far one round moves on this machine
    heraldRounds: herald.map((r) => Math.round(r.rate)),
    peerRounds: peer.map((r) => Math.round(r.rate)),
  };
  // lower is better: CPU per message of the worker processes, of the producer
  // process (it also plays the provider), of Redis (queue, job data, locks) and
  // of the PostgreSQL server processes
  const cpu = {
    workerCpu: 'cpuPerSend',
    producerCpu: 'producerCpuPerSend',
    redisCpu: 'redisCpuPerSend',
    ...(pg && { postgresCpu: 'pgCpuPerSend' }),
  };
  for (const [figure, field] of Object.entries(cpu))
    results[`${name}.${figure}`] = medians(field, 'µs/send');
}

async function run() {
  const twilio = await new FakeTwilioServer().start();
  try {
    // BENCH_QUEUE_CASES=inline,bullmq.1,bullmq.2,postgres.1,postgres.2 picks cases (default: all)
    const only = process.env.BENCH_QUEUE_CASES?.split(',');
    const wanted = (name) => !only || only.includes(name);
    const results = {};
    if (wanted('inline')) results['queue.inline'] = await inline(twilio);
    for (const workers of [1, 2])
      if (wanted(`bullmq.${workers}`)) await queuedCase(results, twilio, workers);
    if (wanted('postgres.1') || wanted('postgres.2')) {
      const pg = await openPostgres();
      try {
        for (const workers of [1, 2])
          if (wanted(`postgres.${workers}`)) await queuedCase(results, twilio, workers, pg);
      } finally {
        await pg.close();
      }
    }
    results['queue.sends'] = {
      inline: SENDS,
      queued: QUEUED,
      queuedWarmup: WARMUP,
      postgresHistory: PG_HISTORY,
      concurrency: CONCURRENCY,
      workerConcurrency: 20,
    };
    return {
      results,
      peers: {
        'queue.inline':
          'the same Twilio channel wrapped by hand in cockatiel retry + circuit breaker (no records)',
        'queue.bullmq':
          'a plain BullMQ Queue.add (jobId = key) + Worker calling the same channel (no records, no breaker)',
        'queue.bullmq.postgres':
          'the same plain BullMQ queue + Worker, doing one INSERT per job (pg Pool, 10 connections) after the send; Herald keeps its records in DatabaseDeliveryStore (10 connections) on the same PostgreSQL',
      },
    };
  } finally {
    await twilio.stop();
  }
}

module.exports = { run };

if (require.main === module) {
  run()
    .then((out) => console.log(JSON.stringify(out, null, 2)))
    .catch((error) => {
      console.error(error);
      process.exitCode = 1;
    });
}
