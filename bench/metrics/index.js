/**
 * Metrics hot paths and scrape, Herald vs raw prom-client, in the same run:
 * counter increment (no labels, two labels, bound child), histogram observe
 * (no labels, two labels), gauge set, a scrape of 10,000 counter series and
 * of 100 histograms x 100 label sets, and heap bytes per series.
 * Requires the built packages (`npm run build`).
 */
const prom = require('prom-client');
const { Counter, Gauge, Histogram, MetricsCollector } = require('@herald/monitor');
const { compare, nsPerOp, nsPerOpAsync, report } = require('../harness');

const OPS = { iterations: 300_000, rounds: 7, warmup: 100_000 };
const METHODS = ['GET', 'POST', 'PUT', 'DELETE'];
const STATUSES = ['200', '201', '404', '500'];

function fresh() {
  return new prom.Registry();
}

function micro() {
  const results = {};
  const reg = fresh();

  const hc = new Counter('c_plain_total');
  const pc = new prom.Counter({ name: 'c_plain_total', help: 'x', registers: [reg] });
  results.counterIncrement = compare(
    nsPerOp(() => hc.increment(), OPS),
    nsPerOp(() => pc.inc(), OPS),
  );

  const hl = new Counter('c_labels_total');
  const pl = new prom.Counter({
    name: 'c_labels_total',
    help: 'x',
    labelNames: ['method', 'status'],
    registers: [reg],
  });
  results.counterIncrementTwoLabels = compare(
    nsPerOp(
      (i) => hl.increment(1, { method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] }),
      OPS,
    ),
    nsPerOp((i) => pl.inc({ method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] }), OPS),
  );

  const hb = hl.labels({ method: 'GET', status: '200' });
  const pb = pl.labels({ method: 'GET', status: '200' });
  results.counterIncrementBoundChild = compare(
    nsPerOp(() => hb.inc(), OPS),
    nsPerOp(() => pb.inc(), OPS),
  );

  const hh = new Histogram('h_plain_seconds');
  const ph = new prom.Histogram({ name: 'h_plain_seconds', help: 'x', registers: [reg] });
  results.histogramObserve = compare(
    nsPerOp((i) => hh.observe((i & 1023) / 1000), OPS),
    nsPerOp((i) => ph.observe((i & 1023) / 1000), OPS),
  );

  const hhl = new Histogram('h_labels_seconds');
  const phl = new prom.Histogram({
    name: 'h_labels_seconds',
    help: 'x',
    labelNames: ['method', 'status'],
    registers: [reg],
  });
  results.histogramObserveTwoLabels = compare(
    nsPerOp(
      (i) =>
        hhl.observe((i & 1023) / 1000, { method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] }),
      OPS,
    ),
    nsPerOp(
      (i) =>
        phl.observe({ method: METHODS[i & 3], status: STATUSES[(i >> 2) & 3] }, (i & 1023) / 1000),
      OPS,
    ),
  );

  const hg = new Gauge('g_plain');
  const pg = new prom.Gauge({ name: 'g_plain', help: 'x', registers: [reg] });
  results.gaugeSet = compare(
    nsPerOp((i) => hg.set(i), OPS),
    nsPerOp((i) => pg.set(i), OPS),
  );
  return results;
}

function fillCounters(n) {
  const collector = new MetricsCollector();
  const reg = fresh();
  const hc = collector.createCounter('requests_total', 'Requests');
  const pc = new prom.Counter({
    name: 'requests_total',
    help: 'Requests',
    labelNames: ['id'],
    registers: [reg],
  });
  for (let i = 0; i < n; i++) {
    hc.increment(i + 1, { id: `series-${i}` });
    pc.inc({ id: `series-${i}` }, i + 1);
  }
  return { collector, reg };
}

function fillHistograms(families, sets) {
  const collector = new MetricsCollector();
  const reg = fresh();
  for (let f = 0; f < families; f++) {
    const hh = collector.createHistogram(`latency_${f}_seconds`, 'Latency');
    const ph = new prom.Histogram({
      name: `latency_${f}_seconds`,
      help: 'Latency',
      labelNames: ['id'],
      registers: [reg],
    });
    for (let s = 0; s < sets; s++) {
      hh.observe((s % 17) / 10, { id: `set-${s}` });
      ph.observe({ id: `set-${s}` }, (s % 17) / 10);
    }
  }
  return { collector, reg };
}

async function scrapes() {
  const results = {};
  const counters = fillCounters(10_000);
  const hText = counters.collector.metricsText();
  const pText = await counters.reg.metrics();
  if (hText.split('\n').length < 10_000 || pText.split('\n').length < 10_000)
    throw new Error('scrape bodies too short');
  results.scrape10kCounterSeries = compare(
    (await nsPerOpAsync(async () => Buffer.byteLength(counters.collector.metricsText()), {
      iterations: 20,
      rounds: 7,
      warmup: 5,
    })) / 1e6,
    (await nsPerOpAsync(async () => Buffer.byteLength(await counters.reg.metrics()), {
      iterations: 20,
      rounds: 7,
      warmup: 5,
    })) / 1e6,
    'ms/scrape',
  );
  const hist = fillHistograms(100, 100);
  results.scrape100Histograms100LabelSets = compare(
    (await nsPerOpAsync(async () => Buffer.byteLength(hist.collector.metricsText()), {
      iterations: 5,
      rounds: 5,
      warmup: 2,
    })) / 1e6,
    (await nsPerOpAsync(async () => Buffer.byteLength(await hist.reg.metrics()), {
      iterations: 5,
      rounds: 5,
      warmup: 2,
    })) / 1e6,
    'ms/scrape',
  );
  return results;
}

function heapAfter(build) {
  global.gc?.();
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  const keep = build();
  global.gc?.();
  global.gc?.();
  const used = process.memoryUsage().heapUsed - before;
  return { keep, used };
}

function memory() {
  const n = 10_000;
  const h = heapAfter(() => {
    const c = new Counter('mem_total');
    for (let i = 0; i < n; i++) c.increment(1, { id: `series-${i}` });
    return c;
  });
  const p = heapAfter(() => {
    const c = new prom.Counter({ name: 'mem_total', help: 'x', labelNames: ['id'], registers: [] });
    for (let i = 0; i < n; i++) c.inc({ id: `series-${i}` });
    return c;
  });
  const hh = heapAfter(() => {
    const c = new Histogram('memh_seconds');
    for (let i = 0; i < n; i++) c.observe(0.1, { id: `series-${i}` });
    return c;
  });
  const ph = heapAfter(() => {
    const c = new prom.Histogram({
      name: 'memh_seconds',
      help: 'x',
      labelNames: ['id'],
      registers: [],
    });
    for (let i = 0; i < n; i++) c.observe({ id: `series-${i}` }, 0.1);
    return c;
  });
  return {
    counterBytesPerSeries: compare(h.used / n, p.used / n, 'bytes/series'),
    histogramBytesPerSeries: compare(hh.used / n, ph.used / n, 'bytes/series'),
    gcExposed: typeof global.gc === 'function',
  };
}

(async () => {
  const results = { ...micro(), ...(await scrapes()), ...memory() };
  const targets = {
    histogramObserve: 0.25,
    histogramObserveTwoLabels: 0.25,
    counterIncrementTwoLabels: 0.5,
    counterIncrement: 1,
    gaugeSet: 1,
    scrape10kCounterSeries: 1,
    scrape100Histograms100LabelSets: 1,
  };
  const verdicts = Object.fromEntries(
    Object.entries(targets).map(([k, t]) => [
      k,
      { target: t, ratio: results[k].ratio, met: results[k].ratio <= t },
    ]),
  );
  report('metrics', results, {
    peer: `prom-client ${require('prom-client/package.json').version}`,
    targets: verdicts,
    note: 'ratio = Herald / prom-client, lower is better; scrape bodies are encoded (Buffer.byteLength) on both sides',
  });
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
