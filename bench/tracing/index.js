/**
 * Tracing hot paths, Herald vs the raw OpenTelemetry SDK: span start + two
 * attributes + end and a bare start + end, without an exporter and with one
 * (a BatchSpanProcessor feeding the same in-process exporter on both sides),
 * a child of an active span, `@Traced` on an empty method vs the same call
 * by hand with `startActiveSpan`, and the no-op tracer against the
 * OpenTelemetry API's. Both sides register the same AsyncLocalStorage context
 * manager and enter it once before timing. Every side of every case runs in
 * its own process, rounds alternate (see `isolated` in ../harness.js).
 * `node bench/tracing [case...]` runs some. Requires the built packages (`npm run build`).
 */
require('reflect-metadata');
const { isolated, isolatedChild, report } = require('../harness');

// CPU time, not wall time: the machine is shared, and a process waiting for a core is not slower code.
const OPS = { iterations: 300_000, rounds: 7, warmup: 100_000, clock: 'cpu' };
const ATTRS = { 'http.request.method': 'GET', 'http.route': '/orders/:id' };

/** An exporter that accepts every batch at once (the same one on both sides). */
class AcceptingExporter {
  constructor() {
    this.exported = 0;
  }
  export(spans, resultCallback) {
    this.exported += spans.length;
    resultCallback({ code: 0 });
  }
  shutdown() {
    return Promise.resolve();
  }
  forceFlush() {
    return Promise.resolve();
  }
}

/** What a user adds to the raw SDK to read finished spans back, as Herald's getAllSpans() does: a ring of the last `n`. */
class LastSpans {
  constructor(n) {
    this.ring = new Array(n);
    this.next = 0;
  }
  onStart() {}
  onEnd(span) {
    this.ring[this.next] = span;
    this.next = this.next + 1 === this.ring.length ? 0 : this.next + 1;
  }
  forceFlush() {
    return Promise.resolve();
  }
  shutdown() {
    return Promise.resolve();
  }
}

function deps() {
  const api = require('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  // Enter it once, as an app does with its first request: until something runs in a context,
  // AsyncLocalStorage stays disabled and `context.active()` skips its lookup. Herald's Tracer
  // enters it at construction (its probe for a working context manager), the raw SDK never
  // does, so without this only the peer would time that shortcut, which no real app has.
  api.context.with(api.context.active(), () => undefined);
  const sdk = require('@opentelemetry/sdk-trace-base');
  const monitor = require('@herald/monitor');
  return {
    api,
    monitor,
    herald: (exporter) =>
      exporter ? new monitor.Tracer('bench', new AcceptingExporter()) : new monitor.Tracer('bench'),
    raw: (exporter, keepLast100) =>
      new sdk.BasicTracerProvider(
        exporter
          ? { spanProcessors: [new sdk.BatchSpanProcessor(new AcceptingExporter())] }
          : keepLast100
            ? { spanProcessors: [new LastSpans(100)] }
            : {},
      ).getTracer('bench'),
  };
}

/** The same span body for both tracers: start with attributes, two more, end. */
function withAttributes(tracer) {
  return (i) => {
    const span = tracer.startSpan('op', { attributes: ATTRS });
    span.setAttribute('i', i);
    span.setAttribute('ok', true);
    span.end();
  };
}

function plain(tracer) {
  return () => tracer.startSpan('op').end();
}

function tracedClass(monitor, options) {
  class Decorated {
    empty(n) {
      return n;
    }
  }
  const descriptor = Object.getOwnPropertyDescriptor(Decorated.prototype, 'empty');
  monitor.Traced(undefined, options)(Decorated.prototype, 'empty', descriptor);
  Object.defineProperty(Decorated.prototype, 'empty', descriptor);
  return new Decorated();
}

/** What a user writes by hand with the raw SDK: an active span around the call. */
function manual(raw) {
  const target = {
    empty(n) {
      return n;
    },
  };
  return (i) =>
    raw.startActiveSpan('Plain.empty', (span) => {
      try {
        return target.empty(i);
      } finally {
        span.end();
      }
    });
}

const CASES = {
  spanStartAttributesEnd: {
    ops: OPS,
    herald: (d) => withAttributes(d.herald(false)),
    peer: (d) => withAttributes(d.raw(false)),
  },
  spanStartAttributesEndWithExporter: {
    ops: OPS,
    herald: (d) => withAttributes(d.herald(true)),
    peer: (d) => withAttributes(d.raw(true)),
  },
  spanStartEnd: {
    ops: OPS,
    herald: (d) => plain(d.herald(false)),
    peer: (d) => plain(d.raw(false)),
  },
  spanStartEndWithExporter: {
    ops: OPS,
    herald: (d) => plain(d.herald(true)),
    peer: (d) => plain(d.raw(true)),
  },
  spanStartEndPeerKeepsLast100: {
    ops: OPS,
    herald: (d) => plain(d.herald(false)),
    peer: (d) => plain(d.raw(false, true)),
  },
  childSpanOfActive: {
    ops: OPS,
    herald: ({ api, herald }) => {
      const tracer = herald(false);
      const active = api.trace.setSpan(api.context.active(), tracer.startSpan('parent').otelSpan);
      return () => api.context.with(active, () => tracer.startSpan('child').end());
    },
    peer: ({ api, raw }) => {
      const tracer = raw(false);
      const active = api.trace.setSpan(api.context.active(), tracer.startSpan('parent'));
      return () => api.context.with(active, () => tracer.startSpan('child').end());
    },
  },
  tracedEmptyMethodVsManualOtelSpan: {
    ops: OPS,
    herald: ({ monitor, herald }) => {
      monitor.registerDefaultTracer(herald(false));
      const traced = tracedClass(monitor);
      return (i) => traced.empty(i);
    },
    peer: ({ raw }) => manual(raw(false)),
  },
  tracedNoArgumentsVsManualOtelSpan: {
    ops: OPS,
    herald: ({ monitor, herald }) => {
      monitor.registerDefaultTracer(herald(false));
      const traced = tracedClass(monitor, { recordArguments: false });
      return (i) => traced.empty(i);
    },
    peer: ({ raw }) => manual(raw(false)),
  },
  noopTracerSpan: {
    ops: OPS,
    herald: ({ monitor }) => {
      const tracer = new monitor.NoopTracer();
      return (i) => {
        const span = tracer.startSpan('op', { attributes: ATTRS });
        span.setAttribute('i', i);
        span.end();
      };
    },
    peer: () => {
      // no SDK registered: the API's no-op tracer
      const tracer = require('@opentelemetry/api').trace.getTracer('bench-noop');
      return (i) => {
        const span = tracer.startSpan('op', { attributes: ATTRS });
        span.setAttribute('i', i);
        span.end();
      };
    },
  },
};

async function main() {
  if (await isolatedChild(CASES, deps)) return;
  const results = isolated(__filename, CASES, { only: process.argv.slice(2) });
  const target = 1.05;
  const targets = Object.fromEntries(
    [
      'spanStartAttributesEnd',
      'spanStartAttributesEndWithExporter',
      'spanStartEnd',
      'spanStartEndWithExporter',
    ]
      .filter((k) => results[k])
      .map((k) => [k, { target, ratio: results[k].ratio, met: results[k].ratio <= target }]),
  );
  report('tracing', results, {
    peer: `@opentelemetry/sdk-trace-base ${require('@opentelemetry/sdk-trace-base/package.json').version}`,
    targets,
    notes: {
      ratio:
        'median over rounds of Herald / raw SDK (lower is better), ratioMin/ratioMax its spread; each side of each round in a fresh process',
      contextManager:
        'both sides register the same AsyncLocalStorage context manager and enter it once before timing (as any app has by its first request; Herald also does it by constructing its Tracer), so neither times the shortcut of a never-entered AsyncLocalStorage',
      withoutExporter:
        "Herald's Tracer (keeps the last 100 finished spans for getAllSpans()) vs a BasicTracerProvider with no processor",
      spanStartEndPeerKeepsLast100:
        'like for like: the raw SDK with a span processor keeping the last 100 finished spans, as Herald does for getAllSpans()',
      withExporter:
        'both with a BatchSpanProcessor (defaults) feeding an in-process exporter that accepts every batch',
      tracedEmptyMethodVsManualOtelSpan:
        'peer = raw SDK startActiveSpan around the call (@Traced also records an arguments event)',
      tracedNoArgumentsVsManualOtelSpan: 'same, with @Traced(name, { recordArguments: false })',
      noopTracerSpan: 'peer = the OpenTelemetry API no-op tracer (no SDK registered)',
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
