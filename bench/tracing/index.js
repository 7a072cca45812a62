/**
 * Tracing hot paths, Herald vs the raw OpenTelemetry SDK in the same run:
 * span start + two attributes + end (root and child of an active span,
 * same provider configuration on both sides), `@Traced` on an empty method vs
 * a plain call, and the no-op tracer against no tracing at all.
 * Requires the built packages (`npm run build`).
 */
require('reflect-metadata');
const { context, trace } = require('@opentelemetry/api');
const { AsyncLocalStorageContextManager } = require('@opentelemetry/context-async-hooks');
const { BasicTracerProvider } = require('@opentelemetry/sdk-trace-base');
const { NoopTracer, Traced, Tracer, registerDefaultTracer } = require('@herald/monitor');
const { compare, nsPerOp, report, round } = require('../harness');

const OPS = { iterations: 200_000, rounds: 7, warmup: 50_000 };

/**
 * Herald vs peer, fairly: both are warmed up first, then measured in
 * alternating order (H, P, H, P) and each side's best pass is kept, so
 * neither pays for JIT warm-up or for a GC left behind by the other.
 */
function paired(herald, peer) {
  nsPerOp(herald, OPS);
  nsPerOp(peer, OPS);
  const h = [];
  const p = [];
  for (let pass = 0; pass < 2; pass++) {
    h.push(nsPerOp(herald, OPS));
    p.push(nsPerOp(peer, OPS));
  }
  return compare(Math.min(...h), Math.min(...p));
}
const ATTRS = { 'http.request.method': 'GET', 'http.route': '/orders/:id' };

function spans(herald, raw) {
  const results = {};
  results.spanStartAttributesEnd = paired(
    (i) => {
      const span = herald.startSpan('op', { attributes: ATTRS });
      span.setAttribute('i', i);
      span.setAttribute('ok', true);
      span.end();
    },
    (i) => {
      const span = raw.startSpan('op', { attributes: ATTRS });
      span.setAttribute('i', i);
      span.setAttribute('ok', true);
      span.end();
    },
  );
  const parentH = herald.startSpan('parent');
  const parentR = raw.startSpan('parent');
  const activeH = trace.setSpan(context.active(), parentH.otelSpan);
  const activeR = trace.setSpan(context.active(), parentR);
  results.childSpanOfActive = paired(
    () => context.with(activeH, () => herald.startSpan('child').end()),
    () => context.with(activeR, () => raw.startSpan('child').end()),
  );
  parentH.end();
  parentR.end();
  return results;
}

function decorated(herald, raw) {
  class Plain {
    empty(n) {
      return n;
    }
  }
  class Decorated {
    empty(n) {
      return n;
    }
  }
  const descriptor = Object.getOwnPropertyDescriptor(Decorated.prototype, 'empty');
  Traced()(Decorated.prototype, 'empty', descriptor);
  Object.defineProperty(Decorated.prototype, 'empty', descriptor);
  class DecoratedNoArgs {
    empty(n) {
      return n;
    }
  }
  const noArgsDescriptor = Object.getOwnPropertyDescriptor(DecoratedNoArgs.prototype, 'empty');
  Traced(undefined, { recordArguments: false })(
    DecoratedNoArgs.prototype,
    'empty',
    noArgsDescriptor,
  );
  Object.defineProperty(DecoratedNoArgs.prototype, 'empty', noArgsDescriptor);
  const plain = new Plain();
  const traced = new Decorated();
  const tracedNoArgs = new DecoratedNoArgs();
  const unregister = registerDefaultTracer(herald);
  // What a user writes by hand with the raw SDK: an active span around the call.
  const manual = (i) =>
    raw.startActiveSpan('Plain.empty', (span) => {
      try {
        return plain.empty(i);
      } finally {
        span.end();
      }
    });
  const vsManual = paired((i) => traced.empty(i), manual);
  const noArgsVsManual = paired((i) => tracedNoArgs.empty(i), manual);
  const withTracer = vsManual.herald;
  unregister();
  const noTracer = nsPerOp((i) => traced.empty(i), OPS);
  const plainCall = nsPerOp((i) => plain.empty(i), OPS);
  return {
    tracedEmptyMethod: compare(withTracer, plainCall),
    tracedEmptyMethodVsManualOtelSpan: vsManual,
    tracedNoArgumentsVsManualOtelSpan: noArgsVsManual,
    tracedEmptyMethodNoopTracer: compare(noTracer, plainCall),
  };
}

function noop() {
  const tracer = new NoopTracer();
  const apiNoop = trace.getTracer('bench-noop');
  return {
    noopTracerSpan: paired(
      (i) => {
        const span = tracer.startSpan('op', { attributes: ATTRS });
        span.setAttribute('i', i);
        span.end();
      },
      (i) => {
        const span = apiNoop.startSpan('op', { attributes: ATTRS });
        span.setAttribute('i', i);
        span.end();
      },
    ),
  };
}

async function main() {
  // The same process-wide context manager for both sides (Herald would register it otherwise).
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const herald = new Tracer('bench');
  const raw = new BasicTracerProvider({}).getTracer('bench');
  // Herald keeps finished spans for getAllSpans(); the raw SDK side keeps none.
  const results = { ...noop(), ...spans(herald, raw), ...decorated(herald, raw) };
  const ratio = results.spanStartAttributesEnd.ratio;
  await herald.shutdown();
  report('tracing', results, {
    notes: {
      target: 'Herald <= 1.2x the raw OpenTelemetry SDK for span start/attributes/end',
      met: ratio <= 1.2,
      tracedEmptyMethod: 'peer = the same method undecorated',
      tracedEmptyMethodVsManualOtelSpan:
        'peer = raw SDK startActiveSpan around the call (@Traced also records an arguments event)',
      tracedNoArgumentsVsManualOtelSpan:
        'same, with @Traced(name, { recordArguments: false }): the difference is the OpenTelemetry addEvent of the arguments',
      noopTracerSpan: 'peer = the OpenTelemetry API no-op tracer (no SDK registered)',
      keptSpans: round(herald.maxSpans, 0),
    },
  });
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
