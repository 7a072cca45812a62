/**
 * Where a queued job's time goes in a worker process of queue.bench.js, for
 * the PostgreSQL cases: preload it into the workers with
 *
 *   BENCH_WORKER_NODE_ARGS="-r ./bench/delivery/worker-probe.js" DELIVERY_BENCH=queue \
 *     BENCH_QUEUE_CASES=postgres.1 node bench/delivery/index.js
 *
 * Each worker prints one `[probe]` line to stderr when it stops, over the
 * messages after the warm-up (SIGUSR2 starts the count again):
 * - both sides: how late the event loop ran (monitorEventLoopDelay);
 * - Herald's worker: the time of a job, of its claim, of its `attempt` (the
 *   send and `sent`) and of each transition by status, the slots busy when a
 *   job starts, and each batch the store wrote (rows, and the time to write it).
 *
 * It wraps methods of the built library's classes (private ones included) to
 * time them, so it measures only: never load it into an application.
 */
const { monitorEventLoopDelay, performance } = require('node:perf_hooks');

const samples = new Map();
const add = (name, value) => {
  if (!samples.has(name)) samples.set(name, []);
  samples.get(name).push(value);
};

/**
 * Times every call of `proto[method]` (a promise) under `name(args)`;
 * `during(args)` runs when a call starts, and the function it returns, if
 * any, when the call ends.
 */
function time(proto, method, name, during = () => undefined) {
  const original = proto[method];
  proto[method] = function timed(...args) {
    const started = performance.now();
    const end = during(args);
    return original.apply(this, args).finally(() => {
      add(name(args), performance.now() - started);
      end?.();
    });
  };
}

if (process.argv[2] === 'herald') {
  const { DatabaseDeliveryStore } = require('@herald/notification/typeorm');
  const { DeliveryWorker } = require('@herald/notification/bullmq');
  const store = DatabaseDeliveryStore.prototype;
  time(store, 'claim', () => 'claim ms');
  time(store, 'transition', ([, status]) => `transition ${status} ms`);
  time(
    store,
    'writeBatch',
    () => 'batch write ms',
    ([groups]) =>
      add(
        'batch rows',
        groups.reduce((rows, group) => rows + group.items.length, 0),
      ),
  );
  time(DeliveryWorker.prototype, 'attempt', () => 'attempt (send and sent) ms');
  let busy = 0;
  time(
    DeliveryWorker.prototype,
    'deliver',
    () => 'job ms',
    () => {
      add('slots busy at a job start', ++busy);
      return () => busy--;
    },
  );
}

const loop = monitorEventLoopDelay({ resolution: 1 });
loop.enable();
process.on('SIGUSR2', () => {
  samples.clear();
  loop.reset();
});
process.prependOnceListener('SIGTERM', () => {
  const round = (n) => Math.round(n * 100) / 100;
  const parts = [...samples].map(([name, values]) => {
    values.sort((a, b) => a - b);
    const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
    const at = (q) => values[Math.min(values.length - 1, Math.floor(q * values.length))];
    return `${name}: n ${values.length}, mean ${round(mean)}, p50 ${round(at(0.5))}, p90 ${round(at(0.9))}`;
  });
  parts.push(
    `event loop late ms: mean ${round(loop.mean / 1e6)}, p50 ${round(loop.percentile(50) / 1e6)}, p90 ${round(loop.percentile(90) / 1e6)}`,
  );
  process.stderr.write(`[probe] ${process.argv[2]} ${parts.join(' | ')}\n`);
});
