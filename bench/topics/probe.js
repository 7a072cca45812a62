/**
 * What every process of bench/topics reports to the orchestrator: one JSON
 * message a line on stdout (`say`), wall-clock instants as epoch
 * milliseconds with sub-millisecond precision (`epochMs`, comparable across
 * the processes of one machine) and the process's peak resident set size
 * (`peakRss`: the larger of the kernel's high-water mark, VmHWM, and an RSS
 * sample taken every 50 ms from the start).
 */
const { readFileSync } = require('node:fs');
const { performance } = require('node:perf_hooks');

const epochMs = () => performance.timeOrigin + performance.now();

const say = (message) => process.stdout.write(`${JSON.stringify(message)}\n`);

/** VmHWM of this process in bytes (Linux), or 0 where /proc is not there. */
function highWaterMark() {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync('/proc/self/status', 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

let sampled = process.memoryUsage().rss;
setInterval(() => {
  sampled = Math.max(sampled, process.memoryUsage().rss);
}, 50).unref();

/** Peak RSS of this process so far, in bytes. */
const peakRss = () => Math.max(sampled, process.memoryUsage().rss, highWaterMark());

/**
 * Runs `close` on SIGTERM, then reports `{ done: { peakRss, heapAfterGc,
 * ...extra() } }` (bytes; `heapAfterGc`: the V8 heap in use after a full
 * collection, what the process still holds) and exits: the orchestrator
 * stops each process so once a run is counted.
 */
function onStop(close, extra = () => ({})) {
  process.once('SIGTERM', () => {
    Promise.resolve()
      .then(close)
      .then(
        () => {
          const peak = peakRss();
          // what is still held after a full collection (the process runs with --expose-gc)
          global.gc?.();
          say({ done: { peakRss: peak, heapAfterGc: process.memoryUsage().heapUsed, ...extra() } });
          process.exit(0);
        },
        (error) => {
          process.stderr.write(`${error?.stack ?? error}\n`);
          process.exit(1);
        },
      );
  });
}

/** Reports an error that ended the process's setup and exits with 1. */
function fail(error) {
  process.stderr.write(`${error?.stack ?? error}\n`);
  process.exit(1);
}

module.exports = { epochMs, say, peakRss, onStop, fail };
