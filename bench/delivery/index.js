/**
 * bench/delivery: runs every `bench/delivery/*.bench.js` module, in name
 * order, and prints one JSON document with their results merged.
 *
 * Contract of a module: `module.exports = { run }`, where `async run()`
 * resolves to `{ results: { <name>: compare(...) | number | object }, peers?: { <name>: 'what the peer is' } }`.
 * Result names must be unique across modules (prefix them: `sms.twilio`, `queue.bullmq`...).
 * Needs `npm run build` (the modules require the built packages).
 */
const { readdirSync } = require('node:fs');
const { join } = require('node:path');
const { report } = require('../harness');

async function main() {
  const only = process.env.DELIVERY_BENCH ? process.env.DELIVERY_BENCH.split(',') : undefined;
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.js'))
    .filter((f) => !only || only.includes(f.replace(/\.bench\.js$/, '')))
    .sort();
  const results = {};
  const peers = {};
  for (const file of files) {
    const { run } = require(join(__dirname, file));
    const out = await run();
    for (const [name, value] of Object.entries(out.results ?? {})) {
      if (name in results)
        throw new Error(
          `bench/delivery: result "${name}" of ${file} is already reported by another module`,
        );
      results[name] = value;
    }
    Object.assign(peers, out.peers ?? {});
  }
  report('delivery', results, { modules: files, peers });
}

main().catch((error) => {
  console.error(error);
  // fake servers and agents of the failed module are still open: do not wait for them
  process.exit(1);
});
