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
import { TRACE_FLAG_RANDOM } from './traceparent.util';

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
 */
export function markRandomTraceFlag(span: Span, parent: Context, root?: boolean): Span {
  const spanContext = span.spanContext();
  if (spanContext.traceId === INVALID_TRACEID) return span;
  // An SDK span knows its parent (a field, undefined for a new trace): no context lookup needed.
  const parentContext = root
    ? undefined
    : 'parentSpanContext' in span
      ? (span as { parentSpanContext?: SpanContext }).parentSpanContext
      : trace.getSpanContext(parent);
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
  const startSpan = tracer.startSpan.bind(tracer);
  marked[UNMARKED_START] = startSpan;
  Object.defineProperty(tracer, 'startSpan', {
    configurable: true,
    writable: true,
    value: (name: string, options?: SpanOptions, ctx: Context = otelContext.active()): Span =>
      markRandomTraceFlag(startSpan(name, options, ctx), ctx, options?.root),
  });
  marked[MARKED] = true;
  return tracer;
}

/**
 * @internal the SDK's own `startSpan` of a tracer wrapped by
 * `withRandomTraceFlag` (the caller marks the span itself, one call less per
 * span); the tracer's `startSpan` when it is not wrapped.
 */
export function unmarkedStartSpan(tracer: Tracer): StartSpan {
  return (
    (tracer as Tracer & { [UNMARKED_START]?: StartSpan })[UNMARKED_START] ??
    tracer.startSpan.bind(tracer)
  );
}
