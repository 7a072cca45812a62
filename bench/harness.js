/**
 * Small helpers shared by the benchmarks: time a function over many
 * iterations, repeat for several rounds and keep the median, run each side of
 * a case in its own process (`isolated`), and print results with the Node
 * version, date and machine.
 */
const { performance } = require('node:perf_hooks');

/** Median of an array of numbers. */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Nanoseconds per call of `fn(i)`: `rounds` rounds of `iterations` calls,
 * after a warm-up; the median round is returned. `clock: 'cpu'` counts the
 * process's CPU time (every thread, so GC helpers too) instead of wall time:
 * on a shared machine it leaves out the time the process waited for a core.
 */
function nsPerOp(
  fn,
  { iterations = 1e6, rounds = 7, warmup = Math.min(iterations, 2e5), clock = 'wall' } = {},
) {
  const now =
    clock === 'cpu'
      ? () => {
          const { user, system } = process.cpuUsage();
          return (user + system) / 1000;
        }
      : () => performance.now();
  for (let i = 0; i < warmup; i++) fn(i);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = now();
    for (let i = 0; i < iterations; i++) fn(i);
    samples.push(((now() - start) * 1e6) / iterations);
  }
  return median(samples);
}

/** Same as nsPerOp for an async function, awaited one call at a time. */
async function nsPerOpAsync(fn, { iterations = 1e4, rounds = 5, warmup = 1e3 } = {}) {
  for (let i = 0; i < warmup; i++) await fn(i);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) await fn(i);
    samples.push(((performance.now() - start) * 1e6) / iterations);
  }
  return median(samples);
}

/** `{ herald, peer, ratio }` with the ratio Herald/peer rounded to 3 places. */
function compare(herald, peer, unit = 'ns/op') {
  return { herald: round(herald), peer: round(peer), unit, ratio: round(herald / peer, 3) };
}

function round(value, places = 1) {
  const f = 10 ** places;
  return Math.round(value * f) / f;
}

/** Prints the benchmark's JSON document on stdout. */
function report(name, results, extra = {}) {
  process.stdout.write(
    `${JSON.stringify({ bench: name, node: process.version, date: new Date().toISOString(), machine: machine(), ...extra, results }, null, 2)}\n`,
  );
}

/** Node version, date and the machine the figures come from (shared and noisy: see README). */
function machine() {
  const os = require('node:os');
  const cpus = os.cpus();
  return {
    node: process.version,
    v8: process.versions.v8,
    platform: `${process.platform}-${process.arch}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model?.trim(),
    memoryGb: round(os.totalmem() / 2 ** 30, 1),
    loadAverage1m: round(os.loadavg()[0], 2),
  };
}

/**
 * One case measured fairly: every side of every round runs in a fresh `node`
 * process started on `script` (`--case <name> --side <herald|peer>`), with its
 * own warm-up and its own loop, so no call site, JIT state or garbage is
 * shared between Herald and the peer. Rounds alternate the order
 * (H,P then P,H ...); the figure of each side is the median of its rounds,
 * the ratio is the median of the per-round ratios Herald/peer, and
 * `ratioMin`/`ratioMax` show the spread.
 *
 * `cases[name]` is `{ herald(deps), peer(deps), unit?, ops?, measure? }`:
 * each side returns the function to time (`measure(fn)` may replace the
 * default `nsPerOp(fn, ops)` and may be async).
 */
function isolated(script, cases, { rounds = Number(process.env.BENCH_ROUNDS ?? 5), only } = {}) {
  const { spawnSync } = require('node:child_process');
  const names = Object.keys(cases).filter(
    (name) => !only || only.length === 0 || only.includes(name),
  );
  const one = (name, side) => {
    const run = spawnSync(
      process.execPath,
      [...process.execArgv, script, '--case', name, '--side', side],
      { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
    );
    if (run.status !== 0)
      throw new Error(`${name}/${side} exited with ${run.status}: ${run.stderr}`);
    const value = Number(run.stdout.trim().split('\n').pop());
    if (!Number.isFinite(value)) throw new Error(`${name}/${side} printed ${run.stdout}`);
    return value;
  };
  const results = {};
  for (const name of names) {
    const samples = [];
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? ['herald', 'peer'] : ['peer', 'herald'];
      const sample = {};
      for (const side of order) sample[side] = one(name, side);
      samples.push(sample);
    }
    results[name] = summarise(samples, cases[name].unit);
    console.error(`${name}: ${JSON.stringify(results[name])}`);
  }
  return results;
}

/** `{ herald, peer, unit, ratio, ratioMin, ratioMax, rounds }` of paired samples. */
function summarise(samples, unit = 'ns/op') {
  const ratios = samples.map((s) => s.herald / s.peer);
  return {
    herald: round(median(samples.map((s) => s.herald)), 2),
    peer: round(median(samples.map((s) => s.peer)), 2),
    unit,
    ratio: round(median(ratios), 3),
    ratioMin: round(Math.min(...ratios), 3),
    ratioMax: round(Math.max(...ratios), 3),
    rounds: samples.length,
  };
}

/**
 * The child side of `isolated`: when this process was started with
 * `--case <name> --side <side>`, measures that side, prints the figure and
 * resolves to true; otherwise resolves to false (the caller is the parent).
 */
async function isolatedChild(cases, deps = () => ({})) {
  const at = process.argv.indexOf('--case');
  if (at < 0) return false;
  const name = process.argv[at + 1];
  const side = process.argv[process.argv.indexOf('--side') + 1];
  const spec = cases[name];
  if (!spec || typeof spec[side] !== 'function') throw new Error(`no case ${name}/${side}`);
  const fn = await spec[side](await deps(name, side));
  const value = spec.measure ? await spec.measure(fn) : nsPerOp(fn, spec.ops);
  process.stdout.write(`${value}\n`);
  return true;
}

module.exports = {
  median,
  nsPerOp,
  nsPerOpAsync,
  compare,
  round,
  report,
  machine,
  isolated,
  isolatedChild,
  summarise,
};
