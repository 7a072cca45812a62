/**
 * bench/notify: notify() against a hand-written BullMQ fan-out doing the same
 * writes (a delivery record per delivery in the same PostgreSQL table, a
 * BullMQ job per delivery on the same Redis), each case in its own process
 * (`notify-case.js <case>`), same run. Needs PostgreSQL on 127.0.0.1:5432,
 * Redis on 127.0.0.1:6379 and `npm run build`.
 *
 * - `fanout`: one notify() to 10,000 recipients × 3 channels (sms, mail,
 *   inbox) against one hand-written fan-out of the same 30,000 deliveries
 *   (multi-row INSERTs + addBulk); throughput in deliveries/s.
 * - `calls`: 10,000 notify() calls of one recipient × 3 channels, 32 at a
 *   time, against the same per call by hand (one 3-row INSERT + one
 *   addBulk of 3); throughput in deliveries/s and the p50/p99 call latency.
 *
 * Each case process runs a warm-up round and BENCH_NOTIFY_ROUNDS measured
 * rounds (default 3) and reports the median; the cases run alternately
 * (peer, herald, herald, peer...). A ratio below 1 means Herald is slower.
 */
const { spawnSync } = require('node:child_process');
const { join } = require('node:path');
const { compare, median, report, round } = require('../harness');

const PAIRS = Number(process.env.BENCH_NOTIFY_PAIRS ?? 2);

function runCase(name) {
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', join(__dirname, 'notify-case.js'), name],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      env: process.env,
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`bench/notify case ${name} exited with ${run.status}`);
  return JSON.parse(run.stdout);
}

function main() {
  const runs = { 'herald-fanout': [], 'peer-fanout': [], 'herald-calls': [], 'peer-calls': [] };
  for (let pair = 0; pair < PAIRS; pair++) {
    const order = pair % 2 === 0 ? ['peer', 'herald'] : ['herald', 'peer'];
    for (const kind of ['fanout', 'calls'])
      for (const side of order) runs[`${side}-${kind}`].push(runCase(`${side}-${kind}`));
  }
  const rate = (name) => median(runs[name].map((r) => r.deliveriesPerSecond));
  const latency = (name, p) => round(median(runs[name].map((r) => r.latencyMs[p])), 2);
  report(
    'notify',
    {
      'notify.fanout': compare(rate('herald-fanout'), rate('peer-fanout'), 'deliveries/s'),
      'notify.fanout.callMs': {
        herald: round(median(runs['herald-fanout'].map((r) => r.latencyMs.p50)), 1),
        peer: round(median(runs['peer-fanout'].map((r) => r.latencyMs.p50)), 1),
        unit: 'ms per 10,000-recipient call (median round)',
      },
      'notify.calls': compare(rate('herald-calls'), rate('peer-calls'), 'deliveries/s'),
      'notify.calls.p50': {
        herald: latency('herald-calls', 'p50'),
        peer: latency('peer-calls', 'p50'),
        unit: 'ms',
      },
      'notify.calls.p99': {
        herald: latency('herald-calls', 'p99'),
        peer: latency('peer-calls', 'p99'),
        unit: 'ms',
      },
      'notify.setup': runs['herald-calls'][0]?.setup,
    },
    {
      peers: {
        'notify.fanout':
          'hand-written fan-out: the same 30,000 delivery rows in multi-row INSERTs into herald_delivery_records (same PostgreSQL) and the same 30,000 jobs with Queue.addBulk (same Redis)',
        'notify.calls':
          'per call by hand: one 3-row INSERT into herald_delivery_records and one Queue.addBulk of 3 jobs',
      },
      runs,
    },
  );
}

try {
  main();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
