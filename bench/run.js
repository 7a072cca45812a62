#!/usr/bin/env node
/**
 * Runs every benchmark (`bench/<name>/index.js`), or the ones named on the
 * command line (`npm run bench -- metrics health`, or some cases of one:
 * `npm run bench -- tracing:spanStartEnd,spanStartEndWithExporter`), one after the other in its
 * own process so they do not disturb each other. Each benchmark prints one JSON
 * document on stdout with Herald's figure, the peer's figure from the same run,
 * and their ratio; this runner collects them into bench/results/<name>.json
 * (committed) and how long each took into bench/results/durations.json.
 * Micro-benchmarks (metrics, tracing, exemplars) run every side of every case
 * in a fresh process (see `isolated` in harness.js); BENCH_ROUNDS sets their
 * rounds (default 5).
 */
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

// `metrics` runs a whole benchmark, `metrics:counterIncrement,gaugeSet` some of its cases
const only = process.argv.slice(2).map((arg) => arg.split(':')[0]);
const casesOf = Object.fromEntries(
  process.argv
    .slice(2)
    .filter((arg) => arg.includes(':'))
    .map((arg) => [arg.split(':')[0], arg.split(':')[1].split(',').filter(Boolean)]),
);
const names = readdirSync(__dirname, { withFileTypes: true })
  .filter(
    (d) =>
      d.isDirectory() && d.name !== 'results' && existsSync(join(__dirname, d.name, 'index.js')),
  )
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));

if (names.length === 0) {
  console.error(`no benchmark matches ${only.join(', ') || '(none found)'}`);
  process.exit(1);
}

const resultsDir = join(__dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
let failed = 0;
const durations = {};
const started = Date.now();
for (const name of names) {
  console.error(`\n=== bench/${name}`);
  const t0 = Date.now();
  const run = spawnSync(
    process.execPath,
    ['--expose-gc', join(__dirname, name, 'index.js'), ...(casesOf[name] ?? [])],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  process.stdout.write(run.stdout);
  durations[name] = Math.round((Date.now() - t0) / 1000);
  console.error(`bench/${name}: ${durations[name]} s`);
  if (run.status !== 0) {
    failed++;
    console.error(`bench/${name} exited with ${run.status}`);
    continue;
  }
  // a run of some cases only does not overwrite the full results
  if (!casesOf[name]) writeFileSync(join(resultsDir, `${name}.json`), run.stdout);
}
const totalSeconds = Math.round((Date.now() - started) / 1000);
console.error(`\n${names.length} benchmark(s) in ${totalSeconds} s`);
if (only.length === 0) {
  writeFileSync(
    join(resultsDir, 'durations.json'),
    `${JSON.stringify({ date: new Date().toISOString(), seconds: durations, totalSeconds }, null, 2)}\n`,
  );
}
process.exit(failed ? 1 : 0);
