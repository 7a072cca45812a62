/**
 * Metrics hot paths and scrape, Herald vs raw prom-client: counter increment
 * (no labels, two labels, bound child), histogram observe (no labels, two
 * labels), gauge set, a scrape of 10,000 counter series and of 100 histograms
 * x 100 label sets, and heap bytes per series. Every side of every case runs
 * in its own process, rounds alternate Herald and prom-client (see
 * `isolated` in ../harness.js). `node bench/metrics [case...]` runs some cases.
 * Requires the built packages (`npm run build`).
 */
const { isolated, isolatedChild, nsPerOp, nsPerOpAsync, report } = require('../harness');

// CPU time, not wall time: the machine is shared, and a process waiting for a core is not slower code.
const OPS = { iterations: 1_000_000, rounds: 7, warmup: 300_000, clock: 'cpu' };
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const STATUSES = ['200', '201', '404', '500'];

function deps() {
  return { prom: require('prom-client'), ...require('@herald/monitor') };
}

function fillCounters({ collector, reg }, { prom }, n) {
  if (collector) {
    const hc = collector.createCounter('requests_total', 'Requests');
    for (let i = 0; i < n; i++) hc.increment(i + 1, { id: `series-${i}` });
    return hc;
  }
  const pc = new prom.Counter({
    name: 'requests_total',
    help: 'Requests',
    labelNames: ['id'],
    registers: [reg],
  });
  for (let i = 0; i < n; i++) pc.inc({ id: `series-${i}` }, i + 1);
  return pc;
}

/** A scrape as ms/scrape: encoded body (Buffer.byteLength) on both sides. */
function scrapeCase(fill, ops) {
  const measure = async (scrape) => {
    const body = await scrape();
    if (body < 10_000) throw new Error('scrape body too short');
    return (await nsPerOpAsync(scrape, ops)) / 1e6;
  };
  return {
    unit: 'ms/scrape',
    measure,
    herald: (d) => {
      const collector = new d.MetricsCollector();
      fill({ collector }, d);
      return () => Buffer.byteLength(collector.metricsText());
    },
    peer: (d) => {
      const reg = new d.prom.Registry();
      fill({ reg }, d);
      return async () => Buffer.byteLength(await reg.metrics());
    },
  };
}

function fillHistograms({ collector, reg }, { prom }) {
  for (let f = 0; f < 100; f++) {
    if (collector) {
      const hh = collector.createHistogram(`latency_${f}_seconds`, 'Latency');
      for (let s = 0; s < 100; s++) hh.observe((s % 17) / 10, { id: `set-${s}` });
    } else {
      const ph = new prom.Histogram({
        name: `latency_${f}_seconds`,
        help: 'Latency',
        labelNames: ['id'],
        registers: [reg],
      });
      for (let s = 0; s < 100; s++) ph.observe({ id: `set-${s}` }, (s % 17) / 10);
    }
  }
}

/** Heap bytes per series of 10,000 series built by `build()` (needs --expose-gc). */
function bytesPerSeries(build) {
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const keep = build();
  global.gc?.();
  global.gc?.();
  const used = process.memoryUsage().heapUsed - before;
  if (!keep) throw new Error('nothing built');
  return used / 10_000;
}

const CASES = {
  counterIncrement: {
    ops: OPS,
    herald: ({ Counter }) => {
      const c = new Counter('c_plain_total');
      return () => c.increment();
    },
    peer: ({ prom }) => {
      const c = new prom.Counter({ name: 'c_plain_total', help: 'x', registers: [] });
      return () => c.inc();
    },
  },
  counterIncrementTwoLabels: {
    ops: OPS,
    herald: ({ Counter }) => {
      const c = new Counter('c_labels_total');
      return (i) => c.increment(1, { method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] });
    },
    peer: ({ prom }) => {
      const c = new prom.Counter({
        name: 'c_labels_total',
        help: 'x',
        labelNames: ['method', 'status'],
        registers: [],
      });
      return (i) => c.inc({ method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] });
    },
  },
  counterIncrementBoundChild: {
    ops: OPS,
    herald: ({ Counter }) => {
      const c = new Counter('c_labels_total').labels({ method: 'GET', status: '200' });
      return () => c.inc();
    },
    peer: ({ prom }) => {
      const c = new prom.Counter({
        name: 'c_labels_total',
        help: 'x',
        labelNames: ['method', 'status'],
        registers: [],
      }).labels({ method: 'GET', status: '200' });
      return () => c.inc();
    },
  },
  histogramObserve: {
    ops: OPS,
    herald: ({ Histogram }) => {
      const h = new Histogram('h_plain_seconds');
      return (i) => h.observe((i & 1023) / 1000);
    },
    peer: ({ prom }) => {
      const h = new prom.Histogram({ name: 'h_plain_seconds', help: 'x', registers: [] });
      return (i) => h.observe((i & 1023) / 1000);
    },
  },
  histogramObserveTwoLabels: {
    ops: OPS,
    herald: ({ Histogram }) => {
      const h = new Histogram('h_labels_seconds');
      return (i) =>
        h.observe((i & 1023) / 1000, { method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] });
    },
    peer: ({ prom }) => {
      const h = new prom.Histogram({
        name: 'h_labels_seconds',
        help: 'x',
        labelNames: ['method', 'status'],
        registers: [],
      });
      return (i) =>
        h.observe({ method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] }, (i & 1023) / 1000);
    },
  },
  gaugeSet: {
    ops: OPS,
    herald: ({ Gauge }) => {
      const g = new Gauge('g_plain');
      return (i) => g.set(i);
    },
    peer: ({ prom }) => {
      const g = new prom.Gauge({ name: 'g_plain', help: 'x', registers: [] });
      return (i) => g.set(i);
    },
  },
  scrape10kCounterSeries: scrapeCase((target, d) => fillCounters(target, d, 10_000), {
    iterations: 20,
    rounds: 7,
    warmup: 5,
  }),
  scrape100Histograms100LabelSets: scrapeCase(fillHistograms, {
    iterations: 5,
    rounds: 5,
    warmup: 2,
  }),
  counterBytesPerSeries: {
    unit: 'bytes/series',
    measure: (build) => bytesPerSeries(build),
    herald:
      ({ Counter }) =>
      () => {
        const c = new Counter('mem_total');
        for (let i = 0; i < 10_000; i++) c.increment(1, { id: `series-${i}` });
        return c;
      },
    peer:
      ({ prom }) =>
      () => {
        const c = new prom.Counter({
          name: 'mem_total',
          help: 'x',
          labelNames: ['id'],
          registers: [],
        });
        for (let i = 0; i < 10_000; i++) c.inc({ id: `series-${i}` });
        return c;
      },
  },
  histogramBytesPerSeries: {
    unit: 'bytes/series',
    measure: (build) => bytesPerSeries(build),
    herald:
      ({ Histogram }) =>
      () => {
        const h = new Histogram('memh_seconds');
        for (let i = 0; i < 10_000; i++) h.observe(0.1, { id: `series-${i}` });
        return h;
      },
    peer:
      ({ prom }) =>
      () => {
        const h = new prom.Histogram({
          name: 'memh_seconds',
          help: 'x',
          labelNames: ['id'],
          registers: [],
        });
        for (let i = 0; i < 10_000; i++) h.observe({ id: `series-${i}` }, 0.1);
        return h;
      },
  },
};

async function main() {
  if (await isolatedChild(CASES, deps)) return;
  const results = isolated(__filename, CASES, { only: process.argv.slice(2) });
  const targets = {
    counterIncrement: 1,
    histogramObserve: 0.25,
    histogramObserveTwoLabels: 0.25,
    counterIncrementTwoLabels: 0.5,
    gaugeSet: 1,
    scrape10kCounterSeries: 1,
    scrape100Histograms100LabelSets: 1,
  };
  const verdicts = Object.fromEntries(
    Object.entries(targets)
      .filter(([k]) => results[k])
      .map(([k, t]) => [k, { target: t, ratio: results[k].ratio, met: results[k].ratio <= t }]),
  );
  report('metrics', results, {
    peer: `prom-client ${require('prom-client/package.json').version}`,
    targets: verdicts,
    gcExposed: typeof global.gc === 'function',
    note: 'ratio = median over rounds of Herald / prom-client (lower is better), ratioMin/ratioMax its spread; each side of each round in a fresh process with its own warm-up and loop',
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
