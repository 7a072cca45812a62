/**
 * SLO engine: recordSample throughput and evaluate() latency at 100 SLOs ×
 * 10,000 samples, against a sort-every-time baseline in the same run (JS
 * arrays, oldest dropped with shift(), window filtered then sorted on every
 * evaluation: what a straightforward implementation does).
 */
const { SLOMonitor } = require('@herald/monitor');
const { compare, nsPerOp, report, round } = require('../harness');

const SLOS = 100;
const SAMPLES = 10_000;
const WINDOW_MS = 60_000;

/** The baseline: same rules (nearest rank over the window, cap, violation), sorting each time. */
class SortingSloMonitor {
  constructor(max) {
    this.max = max;
    this.slos = [];
    this.samples = new Map();
  }
  register(slo) {
    this.slos.push(slo);
  }
  recordSample(metric, value) {
    let list = this.samples.get(metric);
    if (!list) this.samples.set(metric, (list = []));
    list.push({ value, at: Date.now() });
    if (list.length > this.max) list.shift();
  }
  evaluate() {
    const now = Date.now();
    const out = [];
    for (const slo of this.slos) {
      const values = (this.samples.get(slo.metric) ?? [])
        .filter((s) => s.at >= now - slo.windowMs)
        .map((s) => s.value)
        .sort((a, b) => a - b);
      if (values.length === 0) continue;
      const rank = Math.min(values.length, Math.max(1, Math.ceil(slo.percentile * values.length)));
      const measured = values[rank - 1];
      if (
        measured > slo.thresholdMs &&
        measured / slo.thresholdMs >= (slo.burnRateThreshold ?? 1)
      ) {
        out.push({ slo, measuredValue: measured });
      }
    }
    return out;
  }
}

function fill(monitor, percentile = 0.99) {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let m = 0; m < SLOS; m++) {
    monitor.register({
      name: `slo-${m}`,
      metric: `metric.${m}`,
      percentile,
      thresholdMs: 250,
      windowMs: WINDOW_MS,
    });
    for (let i = 0; i < SAMPLES; i++) monitor.recordSample(`metric.${m}`, random() * 260);
  }
}

const herald = new SLOMonitor({ maxSamplesPerMetric: SAMPLES });
const baseline = new SortingSloMonitor(SAMPLES);
fill(herald);
fill(baseline);

// Same answers before timing anything.
const a = herald.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
const b = baseline.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
if (a.join() !== b.join()) throw new Error('Herald and the baseline disagree on the violations');

// recordSample at the cap (every call drops the oldest sample).
const metrics = Array.from({ length: SLOS }, (_, m) => `metric.${m}`);
const recordHerald = nsPerOp((i) => herald.recordSample(metrics[i % SLOS], i % 300), {
  iterations: 2e5,
  rounds: 5,
});
const recordBaseline = nsPerOp((i) => baseline.recordSample(metrics[i % SLOS], i % 300), {
  iterations: 2e5,
  rounds: 5,
});

// One evaluate() over 100 SLOs × 10,000 samples, in milliseconds.
const evalHerald = nsPerOp(() => herald.evaluate(), { iterations: 20, rounds: 5, warmup: 5 }) / 1e6;
const evalBaseline =
  nsPerOp(() => baseline.evaluate(), { iterations: 3, rounds: 5, warmup: 1 }) / 1e6;

// The same at p50, where Herald copies the window and quickselects (p99 reads in place with a heap).
const heraldP50 = new SLOMonitor({ maxSamplesPerMetric: SAMPLES });
const baselineP50 = new SortingSloMonitor(SAMPLES);
fill(heraldP50, 0.5);
fill(baselineP50, 0.5);
const p50a = heraldP50.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
const p50b = baselineP50.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
if (p50a.join() !== p50b.join()) throw new Error('Herald and the baseline disagree at p50');
const evalHeraldP50 =
  nsPerOp(() => heraldP50.evaluate(), { iterations: 10, rounds: 5, warmup: 3 }) / 1e6;
const evalBaselineP50 =
  nsPerOp(() => baselineP50.evaluate(), { iterations: 3, rounds: 5, warmup: 1 }) / 1e6;

report(
  'slo',
  {
    recordSample: {
      ...compare(recordHerald, recordBaseline),
      perSecond: round(1e9 / recordHerald, 0),
    },
    evaluate_100x10000_p99: compare(evalHerald, evalBaseline, 'ms/evaluate'),
    evaluate_100x10000_p50: compare(evalHeraldP50, evalBaselineP50, 'ms/evaluate'),
  },
  {
    herald:
      'SLOMonitor: Float64Array ring per metric; p99: in-place scan with a small heap, p50: quickselect on a scratch copy',
    peer: 'sort-every-time baseline: JS array + shift(), filter + sort on each evaluate()',
    violations: a.length,
  },
);
