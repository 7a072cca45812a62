import { activeSpanContext } from '../utils/active-span-context.util.js';

/**
 * What Herald adds to a log line written while a span is current, under
 * OpenTelemetry's log-correlation names (what Loki, Grafana, Datadog and
 * Elastic link on).
 */
export interface TraceLogFields {
  /** 32 lower-case hex digits. */
  trace_id: string;
  /** 16 lower-case hex digits. */
  span_id: string;
  /** `'01'` when the trace is sampled, `'00'` otherwise. */
  trace_flags: string;
}

/** The current span's ids as log fields, or `undefined` outside any span. */
export function traceLogFields(): TraceLogFields | undefined {
  const span = activeSpanContext();
  if (span === undefined) return undefined;
  return {
    trace_id: span.traceId,
    span_id: span.spanId,
    trace_flags: (span.traceFlags & 0xff).toString(16).padStart(2, '0'),
  };
}
