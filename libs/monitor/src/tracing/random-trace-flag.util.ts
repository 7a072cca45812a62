import {
  INVALID_TRACEID,
  context as otelContext,
  trace,
  type Context,
  type Span,
  type SpanContext,
  type SpanOptions,
  type Tracer,
} from '@opentelemetry/api';
import { TRACE_FLAG_RANDOM } from './traceparent.util.js';

const MARKED = Symbol.for('herald.randomTraceFlag');
const UNMARKED_START = Symbol.for('herald.randomTraceFlag.start');

type StartSpan = (name: string, options?: SpanOptions, ctx?: Context) => Span;

/**
 * Gives a span just started in `parent` the W3C level-2 `random-trace-id`
 * flag its trace calls for: a child in the same trace keeps its parent's
 * flag (set or unset, as the specification requires); a new trace gets it,
 * because OpenTelemetry's `RandomIdGenerator` (the only one Herald's
 * provider uses) draws all 16 bytes of the trace id at random. The SDK only
 * writes the `sampled` bit, so the flag is added to the span context the span
 * was created with (never the shared invalid one of a suppressed span).
 * `parent` is the context the span was started in, the active one when
 * omitted (only read for a span that is not an SDK span).
 */
export function markRandomTraceFlag(span: Span, parent?: Context, root?: boolean): Span {
  const spanContext = span.spanContext();
  if ('parentSpanContext' in span) {
    // An SDK (recording) span knows its parent: undefined for a new trace (`root` too), else a
    // span of its own trace, whose flag it keeps. No context lookup, no trace id comparison.
    const sdkParent = (span as { parentSpanContext?: SpanContext }).parentSpanContext;
    if (sdkParent === undefined || (sdkParent.traceFlags & TRACE_FLAG_RANDOM) !== 0)
      spanContext.traceFlags |= TRACE_FLAG_RANDOM;
    return span;
  }
  // A non-recording span: the shared invalid one of a suppressed span, or one not sampled.
  if (spanContext.traceId === INVALID_TRACEID) return span;
  const parentContext = root ? undefined : trace.getSpanContext(parent ?? otelContext.active());
  const random =
    parentContext === undefined || parentContext.traceId !== spanContext.traceId
      ? TRACE_FLAG_RANDOM
      : parentContext.traceFlags & TRACE_FLAG_RANDOM;
  if (random !== 0) spanContext.traceFlags |= TRACE_FLAG_RANDOM;
  return span;
}

/**
 * Makes every span `tracer` starts (`startSpan` and `startActiveSpan`, which
 * calls it) carry the random-trace-id flag by `markRandomTraceFlag`. Applied
 * once per tracer instance; returns `tracer`.
 */
export function withRandomTraceFlag(tracer: Tracer): Tracer {
  const marked = tracer as Tracer & { [MARKED]?: true; [UNMARKED_START]?: StartSpan };
  if (marked[MARKED]) return tracer;
  const startSpan = tracer.startSpan;
  marked[UNMARKED_START] = startSpan;
  Object.defineProperty(tracer, 'startSpan', {
    configurable: true,
    writable: true,
    value: (name: string, options?: SpanOptions, ctx: Context = otelContext.active()): Span =>
      markRandomTraceFlag(startSpan.call(tracer, name, options, ctx), ctx, options?.root),
  });
  marked[MARKED] = true;
  return tracer;
}

/**
 * @internal the SDK's own `startSpan` of a tracer wrapped by
 * `withRandomTraceFlag` (the caller marks the span itself, one call less per
 * span); the tracer's `startSpan` when it is not wrapped. Unbound: call it
 * with the tracer as `this` (`.call(tracer, ...)`), which the JIT turns into
 * a direct call, where a bound function would be one more trampoline.
 */
export function unmarkedStartSpan(tracer: Tracer): StartSpan {
  return (tracer as Tracer & { [UNMARKED_START]?: StartSpan })[UNMARKED_START] ?? tracer.startSpan;
}
