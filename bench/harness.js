/**
 * Small helpers shared by the benchmarks: time a function over many
 * iterations, repeat for several rounds and keep the median, and print results.
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
 * after a warm-up; the median round is returned.
 */
function nsPerOp(fn, { iterations = 1e6, rounds = 7, warmup = Math.min(iterations, 2e5) } = {}) {
  for (let i = 0; i < warmup; i++) fn(i);
  const samples = [];
  for (let r = 0; r < rounds; r++) {
    const start = performance.now();
    for (let i = 0; i < iterations; i++) fn(i);
    samples.push(((performance.now() - start) * 1e6) / iterations);
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
    `${JSON.stringify({ bench: name, node: process.version, date: new Date().toISOString(), ...extra, results }, null, 2)}\n`,
  );
}

module.exports = { median, nsPerOp, nsPerOpAsync, compare, round, report };
