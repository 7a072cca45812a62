/**
 * SLO engine: recordSample throughput and evaluate() latency at 100 SLOs ×
 * 10,000 samples, against a sort-every-time baseline in the same run (JS
 * arrays, oldest dropped with shift(), window filtered then sorted on every
 * evaluation: what a straightforward implementation does).
 */
const { SLOMonitor } = require('@herald/monitor');
const { compare, median, nsPerOp, report, round } = require('../harness');

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

/**
 * Milliseconds of one evaluate() over 100 SLOs x 10,000 samples, as a periodic
 * evaluation sees it: before each (untimed), `churn` new samples per metric
 * arrive (and as many old ones leave the capped window). Median of the runs.
 */
let churnValue = 0;
function evaluateMs(monitor, churn, runs) {
  const times = [];
  for (let r = 0; r < runs + 2; r++) {
    for (let m = 0; m < SLOS; m++)
      for (let i = 0; i < churn; i++) monitor.recordSample(metrics[m], (churnValue++ * 7919) % 263);

    const t0 = process.hrtime.bigint();
    monitor.evaluate();
    if (r >= 2) times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

/** Both monitors see the same samples and must agree before anything is timed. */
function agree(h, b, label) {
  const x = h.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
  const y = b.evaluate().map((v) => `${v.slo.name}=${v.measuredValue}`);
  if (x.join() !== y.join()) throw new Error(`Herald and the baseline disagree (${label})`);
}

const LOW_CHURN = SAMPLES / 100; // 1 % of the window new between evaluations
const HIGH_CHURN = SAMPLES / 2; // half of it
const evalP99 = compare(
  evaluateMs(herald, LOW_CHURN, 15),
  evaluateMs(baseline, LOW_CHURN, 3),
  'ms/evaluate',
);
agree(herald, baseline, 'p99 after churn');

// The same at p50 (the view helps most there; selection would copy and quickselect).
const heraldP50 = new SLOMonitor({ maxSamplesPerMetric: SAMPLES });
const baselineP50 = new SortingSloMonitor(SAMPLES);
fill(heraldP50, 0.5);
fill(baselineP50, 0.5);
agree(heraldP50, baselineP50, 'p50');
const evalP50 = compare(
  evaluateMs(heraldP50, LOW_CHURN, 15),
  evaluateMs(baselineP50, LOW_CHURN, 3),
  'ms/evaluate',
);
agree(heraldP50, baselineP50, 'p50 after churn');
// Half the window new each time: Herald selects (heap or Floyd-Rivest) instead of merging.
const evalP50High = compare(
  evaluateMs(heraldP50, HIGH_CHURN, 7),
  evaluateMs(baselineP50, HIGH_CHURN, 3),
  'ms/evaluate',
);
agree(heraldP50, baselineP50, 'p50 after high churn');

report(
  'slo',
  {
    recordSample: {
      ...compare(recordHerald, recordBaseline),
      perSecond: round(1e9 / recordHerald, 0),
    },
    evaluate_100x10000_p99: evalP99,
    evaluate_100x10000_p50: evalP50,
    evaluate_100x10000_p50_halfWindowNew: evalP50High,
  },
  {
    herald:
      'SLOMonitor: Float64Array ring per metric; p99: one in-place pass with a small heap; p50: the window kept sorted between evaluations (what left and arrived merged in by binary search), Floyd-Rivest on a copy above 25 % new samples',
    churn: `evaluate_*: ${LOW_CHURN} new samples per metric before each evaluation (untimed); halfWindowNew: ${HIGH_CHURN}`,
    peer: 'sort-every-time baseline: JS array + shift(), filter + sort on each evaluate()',
    violations: a.length,
  },
);
