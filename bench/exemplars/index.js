/**
 * Cost of OpenMetrics exemplars on the recording hot path, Herald vs
 * prom-client, each side of each case in its own process (its own JIT state
 * and its own loop): counter increment and histogram observation with
 * exemplars on and no current span (Herald with a tracer registered, so the
 * context manager is asked for real), the same with exemplars off (reference),
 * and both inside a sampled span (prom-client given the span's ids the way an
 * application must pass them, `exemplarLabels` read from the OpenTelemetry API).
 * Requires the built packages (`npm run build`).
 */
const { spawnSync } = require('node:child_process');
const { compare, nsPerOp, report } = require('../harness');

const OPS = { iterations: 2_000_000, rounds: 7, warmup: 300_000 };

/** The span's ids as prom-client exemplar labels, read the way an application must. */
function spanLabels(otel) {
  const span = otel.trace.getActiveSpan().spanContext();
  return { trace_id: span.traceId, span_id: span.spanId };
}

/** prom-client's counter inside a span: the application passes the span's ids on each call. */
function promCounterInSpan({ prom, otel }) {
  const c = new prom.Counter({ name: 'c_total', help: 'x', registers: [], enableExemplars: true });
  return () => c.inc({ value: 1, exemplarLabels: spanLabels(otel) });
}

/** Each case: [Herald setup → fn, prom-client setup → fn]; `span` runs the loop inside a sampled span. */
const CASES = {
  counterIncExemplarsOff: {
    herald: ({ Counter }) => {
      const c = new Counter('c_total');
      return () => c.inc();
    },
    peer: ({ prom }) => {
      const c = new prom.Counter({ name: 'c_total', help: 'x', registers: [] });
      return () => c.inc();
    },
  },
  counterIncExemplarsNoSpan: {
    herald: ({ Counter }) => {
      const c = new Counter('c_total').enableExemplars();
      return () => c.inc();
    },
    peer: ({ prom }) => {
      const c = new prom.Counter({
        name: 'c_total',
        help: 'x',
        registers: [],
        enableExemplars: true,
      });
      return () => c.inc({ value: 1 });
    },
  },
  histogramObserveExemplarsNoSpan: {
    herald: ({ Histogram }) => {
      const h = new Histogram('h_seconds').enableExemplars();
      return (i) => h.observe((i & 1023) / 1000);
    },
    peer: ({ prom }) => {
      const h = new prom.Histogram({
        name: 'h_seconds',
        help: 'x',
        registers: [],
        enableExemplars: true,
      });
      return (i) => h.observe({ value: (i & 1023) / 1000 });
    },
  },
  counterIncInSpanLookupEveryRecord: {
    span: true,
    herald: ({ Counter }) => {
      // Worst case: a new exemplar window for every value, so each one looks
      // for the span and reads the clock (a real window lasts 100 ms).
      const {
        exemplarWindow,
      } = require('../../libs/monitor/dist/metrics/instruments/exemplar-window.util');
      const c = new Counter('c_total').enableExemplars();
      return () => {
        exemplarWindow.current++;
        c.inc();
      };
    },
    peer: promCounterInSpan,
  },
  counterIncInSpan: {
    span: true,
    herald: ({ Counter }) => {
      const c = new Counter('c_total').enableExemplars();
      return () => c.inc();
    },
    peer: promCounterInSpan,
  },
  histogramObserveInSpan: {
    span: true,
    herald: ({ Histogram }) => {
      const h = new Histogram('h_seconds').enableExemplars();
      return (i) => h.observe((i & 1023) / 1000);
    },
    peer: ({ prom, otel }) => {
      const h = new prom.Histogram({
        name: 'h_seconds',
        help: 'x',
        registers: [],
        enableExemplars: true,
      });
      return (i) => h.observe({ value: (i & 1023) / 1000, exemplarLabels: spanLabels(otel) });
    },
  },
};

/** Child: one side of one case; prints its ns/op. */
async function runOne(name, side) {
  const monitor = require('@herald/monitor');
  const deps = { ...monitor, prom: require('prom-client'), otel: require('@opentelemetry/api') };
  // Both sides run with a Herald tracer, hence a registered context manager, as in an application.
  const tracer = new monitor.Tracer('bench');
  const fn = CASES[name][side](deps);
  let ns;
  if (CASES[name].span) {
    const span = tracer.startSpan('bench');
    ns = tracer.withSpan(span, () => nsPerOp(fn, OPS));
    span.end();
  } else {
    ns = nsPerOp(fn, OPS);
  }
  await tracer.shutdown();
  process.stdout.write(`${ns}\n`);
}

function measure(name, side) {
  const run = spawnSync(process.execPath, [__filename, name, side], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`${name}/${side} failed: ${run.stderr}`);
  return Number(run.stdout.trim());
}

if (process.argv[2]) {
  runOne(process.argv[2], process.argv[3]).catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  const results = {};
  const herald = {};
  for (const name of Object.keys(CASES)) {
    herald[name] = measure(name, 'herald');
    results[name] = compare(herald[name], measure(name, 'peer'));
  }
  // What turning exemplars on costs Herald's counter while no span is current.
  results.heraldCounterExemplarsOnVsOffNoSpan = compare(
    herald.counterIncExemplarsNoSpan,
    herald.counterIncExemplarsOff,
    'ns/op (herald = on, peer = Herald off)',
  );
  report('exemplars', results, {
    peer: `prom-client ${require('prom-client/package.json').version}`,
    note: 'ratio = Herald / prom-client, lower is better; one process per side and case. A series looks for the current span once per 100 ms exemplar window, which a synchronous loop never leaves: "InSpan" is the steady per-value cost, "LookupEveryRecord" forces a lookup (and a clock read) for every value. prom-client is given the span ids through @opentelemetry/api, as an application must to pass exemplarLabels.',
  });
}
