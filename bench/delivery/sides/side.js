/**
 * One side of one case of bench/delivery/drivers.bench.js, in its own
 * process: `node side.js <cases file> <case> <herald|peer>` with the case's
 * JSON from the parent in BENCH_SIDE_INFO. Sends warm up, then `sends` more
 * with `concurrency` in flight, and prints `{ "perSecond": n, "cpuUsPerSend": µs }`. The process
 * runs one side only, so no side inherits the other's JIT state, heap or
 * sockets, and its loop is its own.
 */
const { join } = require('node:path');
const { performance } = require('node:perf_hooks');

async function main() {
  const [file, name, mode] = process.argv.slice(2);
  const spec = require(join(__dirname, file))[name];
  if (!spec || (mode !== 'herald' && mode !== 'peer')) {
    console.error(
      `usage: node side.js <cases file> <case> herald|peer (got ${file} ${name} ${mode})`,
    );
    process.exit(2);
  }
  const info = JSON.parse(process.env.BENCH_SIDE_INFO ?? '{}');
  const side = await spec[mode](info);
  const sends = spec.sends ?? Number(process.env.BENCH_SENDS ?? 4000);
  // long enough for both sides' code to be optimised before the clock starts
  const warmup = Number(process.env.BENCH_WARMUP ?? 500);
  const concurrency = spec.concurrency ?? 50;
  if (side.batch) {
    // one call that sends `sends` messages (APNs sendBatch): its rate
    await side.batch(Math.min(sends, 1000)); // warm-up
    const start = performance.now();
    const cpu = process.cpuUsage();
    await side.batch(sends);
    return finish(side, sends, performance.now() - start, process.cpuUsage(cpu));
  }
  for (let i = 0; i < warmup; i++) await side.send(i);
  let next = 0;
  const start = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < sends) await side.send(next++);
    }),
  );
  return finish(side, sends, performance.now() - start, process.cpuUsage(cpu));
}

/** Prints the rate and this process's CPU time (user + system) per send. */
async function finish(side, sends, ms, cpu) {
  await side.close?.();
  const perSecond = sends / (ms / 1000);
  const cpuUsPerSend = (cpu.user + cpu.system) / sends;
  process.stdout.write(`${JSON.stringify({ perSecond, cpuUsPerSend })}\n`);
  process.exit(0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
