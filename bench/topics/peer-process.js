/**
 * One process of the peer side, a fan-out written by hand on the same
 * PostgreSQL table and Redis: `node peer-process.js caller|worker`
 * (settings in BENCH_TOPICS_* variables from the orchestrator).
 * - `caller`: walks the topic's subscribers in keyset pages
 *   (`topic_key = $1 AND subscriber_id > $last ORDER BY subscriber_id LIMIT
 *   batch`, the same primary key index Herald reads) and adds one BullMQ job
 *   per subscriber with `Queue.addBulk` (job id = notification id +
 *   subscriber, attempts and backoff as Herald's delivery jobs), one page in
 *   memory at a time; reports `{ notified: { notificationId, start, end } }`.
 * - `worker`: a plain BullMQ Worker (same concurrency as Herald's delivery
 *   worker) that hands each message to the bench provider, then records the
 *   delivery as sent: one INSERT into `herald_delivery_records` (pg Pool of
 *   10 connections, as Herald's data source).
 * Both report `{ ready }` once set up, stay up until SIGTERM, then report
 * `{ done: { peakRss, heapAfterGc, accepted } }`.
 */
const { createHash, randomUUID } = require('node:crypto');
const { Queue, Worker } = require('bullmq');
const { Pool } = require('pg');
const { connectionFromUrl } = require('@herald/notification/bullmq');
const { accept, acceptedCount } = require('./provider');
const { epochMs, fail, onStop, say } = require('./probe');

const env = process.env;
const schema = env.BENCH_TOPICS_SCHEMA;
const PG = { ...require('../postgres').PG, max: 10 };
const TEXT = 'version 1.0.0 is out';

async function caller() {
  const pool = new Pool({ ...PG, max: 1 });
  const queue = new Queue(env.BENCH_TOPICS_QUEUE, {
    connection: connectionFromUrl(),
    prefix: env.BENCH_TOPICS_PREFIX,
  });
  await queue.waitUntilReady();
  onStop(async () => {
    await queue.close();
    await pool.end();
  });
  say({ ready: 'caller' });
  const topicKey = env.BENCH_TOPICS_TOPIC;
  const limit = Number(env.BENCH_TOPICS_BATCH);
  const notificationId = `ntf_${randomUUID().replace(/-/g, '')}`;
  const start = epochMs();
  let last = '';
  for (;;) {
    const { rows } = await pool.query(
      `SELECT subscriber_id FROM "${schema}".herald_topic_subscriptions
       WHERE topic_key = $1 AND subscriber_id > $2 ORDER BY subscriber_id LIMIT $3`,
      [topicKey, last, limit],
    );
    if (rows.length === 0) break;
    await queue.addBulk(
      rows.map(({ subscriber_id: subscriberId }) => {
        const key = `${notificationId}:bench:${subscriberId}`;
        return {
          name: 'bench',
          data: { notificationId, recipient: subscriberId, text: TEXT, key },
          opts: {
            jobId: key,
            attempts: 5,
            backoff: { type: 'exponential', delay: 1000 },
            removeOnComplete: true,
            removeOnFail: { age: 604_800 },
          },
        };
      }),
    );
    last = rows[rows.length - 1].subscriber_id;
    if (rows.length < limit) break;
  }
  say({ notified: { notificationId, start, end: epochMs() } });
}

/** The delivery's id from its key: a job run twice records one delivery. */
const idOf = (key) => `dlv_${createHash('sha256').update(key).digest('hex').slice(0, 32)}`;

async function worker() {
  const pool = new Pool(PG);
  const table = `"${schema}".herald_delivery_records`;
  const deliver = async ({ data }) => {
    const messageId = accept(data.recipient, data.text, data.key);
    const now = Date.now();
    await pool.query(
      `INSERT INTO ${table} (id, channel, backend, recipient, status, attempts,
         provider_message_id, idempotency_key, notification_id, created_at, updated_at, sent_at)
       VALUES ($1, 'bench', 'bench', $2, 'sent', 1, $3, $4, $5, $6, $6, $6)
       ON CONFLICT (id) DO NOTHING`,
      [idOf(data.key), data.recipient, messageId, data.key, data.notificationId, now],
    );
  };
  const bull = new Worker(env.BENCH_TOPICS_QUEUE, deliver, {
    connection: connectionFromUrl(),
    prefix: env.BENCH_TOPICS_PREFIX,
    concurrency: Number(env.BENCH_TOPICS_CONCURRENCY),
  });
  bull.on('error', (error) => process.stderr.write(`peer worker: ${error.message}\n`));
  await bull.waitUntilReady();
  onStop(
    async () => {
      await bull.close();
      await pool.end();
    },
    () => ({ accepted: acceptedCount() }),
  );
  say({ ready: 'worker' });
}

const role = process.argv[2];
if (role === 'caller') caller().catch(fail);
else if (role === 'worker') worker().catch(fail);
else fail(new Error(`usage: node peer-process.js caller|worker (got ${role})`));
