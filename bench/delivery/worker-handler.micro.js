/**
 * Profiling aid, not part of `bench/run`: the CPU (µs) a `DeliveryWorker`
 * spends per job in its own handler (record read/create, `sending`, breaker,
 * `sent`), against the same backend called bare and through the breaker
 * alone. The backend answers at once (no network), so only Herald's
 * bookkeeping is measured. Needs Redis (the worker connects, on an empty queue)
 * and `npm run build`. `node bench/delivery/worker-handler.micro.js`, or under
 * `node --cpu-prof` to see where the handler's time goes.
 */
const { createDeliveryService } = require('@herald/notification');
const { DeliveryWorker, connectionFromUrl } = require('@herald/notification/bullmq');
const { Queue } = require('bullmq');

const N = Number(process.env.BENCH_JOBS ?? 200_000);
const CONCURRENCY = 20;

async function main() {
  const service = createDeliveryService({ retryAttempts: 3, retryBaseMs: 10 });
  const answer = { messageId: 'SM1', backend: 'tw', status: 'queued' };
  const backend = { name: 'tw', send: async () => answer };
  service.register('sms', backend);
  const queueName = `herald-micro-empty-${process.pid}`;
  const worker = new DeliveryWorker(service, {
    queueName,
    prefix: 'herald-micro',
    concurrency: CONCURRENCY,
  });
  await worker.ready();
  let run = 0;
  const job = (i) => ({
    data: {
      id: `sms_${run}_${i}`,
      channel: 'sms',
      backends: ['tw'],
      message: { to: '+15551234567', body: `queued ${i}`, idempotencyKey: `k-${run}-${i}` },
    },
    attemptsMade: 0,
    opts: { attempts: 3 },
  });
  async function cpuPerJob(fn) {
    run++;
    let next = 0;
    const cpu = process.cpuUsage();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < N) await fn(job(next++));
      }),
    );
    const { user, system } = process.cpuUsage(cpu);
    return (user + system) / N;
  }
  const sides = {
    herald: (j) => worker.process(j), // the handler BullMQ calls
    breaker: (j) => service.engine.breakers.execute('sms:tw', () => backend.send(j.data.message)),
    bare: (j) => backend.send(j.data.message),
  };
  const results = { herald: [], breaker: [], bare: [] };
  for (let round = 0; round < 5; round++)
    for (const [name, fn] of Object.entries(sides)) results[name].push(await cpuPerJob(fn));
  const median = (a) => a.slice().sort((x, y) => x - y)[a.length >> 1];
  console.log(
    JSON.stringify(
      Object.fromEntries(Object.entries(results).map(([k, v]) => [k, +median(v).toFixed(2)])),
    ),
    'µs/job',
  );
  await worker.close();
  const cleanup = new Queue(queueName, { connection: connectionFromUrl(), prefix: 'herald-micro' });
  await cleanup.obliterate({ force: true });
  await cleanup.close();
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
