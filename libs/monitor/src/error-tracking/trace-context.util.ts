import { activeSpanContext } from '../utils/active-span-context.util.js';

/** The trace an error belongs to, in Sentry's `contexts.trace` shape. */
export interface ErrorTraceContext {
  trace_id: string;
  span_id: string;
}

/**
 * The trace of a captured error: `context.trace` when the caller knows it
 * (a queued job's own trace), else the current span, else `undefined`.
 */
export function errorTraceOf(context?: Record<string, unknown>): ErrorTraceContext | undefined {
  const given = context?.trace as Partial<ErrorTraceContext> | undefined;
  if (typeof given?.trace_id === 'string' && typeof given.span_id === 'string') {
    return { trace_id: given.trace_id, span_id: given.span_id };
  }
  const span = activeSpanContext();
  return span === undefined ? undefined : { trace_id: span.traceId, span_id: span.spanId };
}
