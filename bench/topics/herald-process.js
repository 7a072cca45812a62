/**
 * One process of Herald's side: `node herald-process.js caller|worker`
 * (settings in BENCH_TOPICS_* variables from the orchestrator).
 * - `worker`: boots the app with the fan-out and delivery workers, reports
 *   `{ ready }`; the provider reports its sends.
 * - `caller`: boots the app without workers, reports `{ ready }`, calls
 *   `notify(topic(key), new ReleasePublished(...))` once and reports
 *   `{ notified: { notificationId, start, end } }` (epoch ms).
 * Both stay up until SIGTERM, then report `{ done: { peakRss, heapAfterGc, accepted } }`.
 */
const { NotifierService, topic } = require('@herald/notification/notifier');
const { startHeraldApp, ReleasePublished } = require('./herald-app');
const { acceptedCount } = require('./provider');
const { epochMs, fail, onStop, say } = require('./probe');

async function main() {
  const role = process.argv[2];
  if (role !== 'caller' && role !== 'worker')
    throw new Error(`usage: node herald-process.js caller|worker (got ${role})`);
  const env = process.env;
  const app = await startHeraldApp({
    schema: env.BENCH_TOPICS_SCHEMA,
    queueName: env.BENCH_TOPICS_QUEUE,
    prefix: env.BENCH_TOPICS_PREFIX,
    worker: role === 'worker',
    concurrency: Number(env.BENCH_TOPICS_CONCURRENCY),
    batchSize: Number(env.BENCH_TOPICS_BATCH),
  });
  onStop(
    () => app.close(),
    () => ({ accepted: acceptedCount() }),
  );
  say({ ready: role });
  if (role !== 'caller') return;
  const notifier = app.get(NotifierService);
  const start = epochMs();
  const { notificationId } = await notifier.notify(
    topic(env.BENCH_TOPICS_TOPIC),
    new ReleasePublished('1.0.0'),
  );
  say({ notified: { notificationId, start, end: epochMs() } });
}

main().catch(fail);
