#!/usr/bin/env node
/**
 * Runs every benchmark (`bench/<name>/index.js`), or the ones named on the
 * command line (`npm run bench -- metrics health`), one after the other in its
 * own process so they do not disturb each other. Each benchmark prints one JSON
 * document on stdout with Herald's figure, the peer's figure from the same run,
 * and their ratio; this runner collects them into bench/results/<name>.json.
 */
const { spawnSync } = require('node:child_process');
const { existsSync, mkdirSync, readdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const only = process.argv.slice(2);
const names = readdirSync(__dirname, { withFileTypes: true })
  .filter((d) => d.isDirectory() && d.name !== 'results' && existsSync(join(__dirname, d.name, 'index.js')))
  .map((d) => d.name)
  .filter((name) => only.length === 0 || only.includes(name));

if (names.length === 0) {
  console.error(`no benchmark matches ${only.join(', ') || '(none found)'}`);
  process.exit(1);
}

const resultsDir = join(__dirname, 'results');
mkdirSync(resultsDir, { recursive: true });
let failed = 0;
for (const name of names) {
  console.error(`\n=== bench/${name}`);
  const run = spawnSync(process.execPath, ['--expose-gc', join(__dirname, name, 'index.js')], {
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
    env: { ...process.env, NODE_ENV: 'production' },
    maxBuffer: 64 * 1024 * 1024,
  });
  process.stdout.write(run.stdout);
  if (run.status !== 0) {
    failed++;
    console.error(`bench/${name} exited with ${run.status}`);
    continue;
  }
  writeFileSync(join(resultsDir, `${name}.json`), run.stdout);
}
process.exit(failed ? 1 : 0);
