import {
  isSpanContextValid,
  trace,
  type Context,
  type SpanContext,
  type TextMapGetter,
  type TextMapPropagator,
  type TextMapSetter,
} from '@opentelemetry/api';
import { isTracingSuppressed } from '@opentelemetry/core';
import { formatTraceparent, parseTraceparent } from './traceparent.util.js';
import { W3CTraceState } from './w3c-trace-state.js';

export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

/** The one value of a header, `undefined` when it is missing or repeated. */
function single(value: string | string[] | undefined): string | undefined {
  if (!Array.isArray(value)) return value;
  return value.length === 1 ? value[0] : undefined;
}

/**
 * Herald's W3C Trace Context propagator (`traceparent` and `tracestate`,
 * levels 1 and 2), an OpenTelemetry `TextMapPropagator` that passes the
 * official w3c/trace-context test suite. Where it differs from
 * OpenTelemetry's `W3CTraceContextPropagator`:
 *
 * - a repeated `traceparent` is invalid (the trace restarts) instead of the
 *   first value winning;
 * - an invalid `tracestate` is discarded as a whole rather than member by
 *   member, a list of more than 32 members is invalid, and keys follow the
 *   current grammar (a digit first, `@` anywhere: `foo@`, `t@vendor-name`);
 * - the `random-trace-id` flag (level 2) is written out with `sampled`, every
 *   other flag bit as zero; with Herald's `Tracer` a child span keeps its
 *   parent's random flag and a new trace sets it.
 *
 * @example new CompositePropagator({ propagators: [new TraceContextPropagator(), new W3CBaggagePropagator()] })
 */
export class TraceContextPropagator implements TextMapPropagator {
  inject(context: Context, carrier: unknown, setter: TextMapSetter): void {
    const spanContext = trace.getSpanContext(context);
    if (!spanContext || isTracingSuppressed(context) || !isSpanContextValid(spanContext)) return;
    setter.set(
      carrier,
      TRACEPARENT_HEADER,
      formatTraceparent(spanContext.traceId, spanContext.spanId, spanContext.traceFlags),
    );
    const traceState = spanContext.traceState?.serialize();
    if (traceState) setter.set(carrier, TRACESTATE_HEADER, traceState);
  }

  extract(context: Context, carrier: unknown, getter: TextMapGetter): Context {
    const fields = parseTraceparent(single(getter.get(carrier, TRACEPARENT_HEADER)));
    if (fields === undefined) return context;
    const spanContext: SpanContext = { ...fields, isRemote: true };
    const traceState = W3CTraceState.parse(getter.get(carrier, TRACESTATE_HEADER));
    if (traceState !== undefined && traceState.size > 0) spanContext.traceState = traceState;
    return trace.setSpanContext(context, spanContext);
  }

  fields(): string[] {
    return [TRACEPARENT_HEADER, TRACESTATE_HEADER];
  }
}
