import {
  INVALID_TRACEID,
  TraceFlags,
  context,
  trace,
  type Context,
  type SpanContext,
} from '@opentelemetry/api';

/*
 * Why not just `trace.getSpanContext(context.active())`: metric instruments
 * ask for the current span on every recorded value when exemplars are on,
 * and the API's lookup (global registry, version check, then the manager)
 * costs several times a counter increment. Here the registered context
 * manager is looked up once per change of registration and asked directly.
 * With no manager registered there can be no current span at all.
 */

/** Where `@opentelemetry/api` 1.x keeps its process-wide registrations. */
const API_REGISTRY = Symbol.for('opentelemetry.js.api.1');
const PROBE = Symbol('herald.active-span-probe');

interface ContextManagerLike {
  active(): Context;
}

let knownManager: ContextManagerLike | undefined;
let direct = false;

/** True when `context.active()` is answered by `manager` (a compatible, registered one). */
function servesTheApi(manager: ContextManagerLike): boolean {
  const probe = context.active().setValue(PROBE, true);
  return context.with(probe, () => manager.active().getValue(PROBE) === true);
}

/**
 * The span context of the current span (OpenTelemetry's active context, so
 * Herald spans and spans of any OpenTelemetry SDK alike), or `undefined` when
 * there is none or it is invalid. Cheap when no span is current.
 */
export function activeSpanContext(): SpanContext | undefined {
  const registry = (globalThis as Record<symbol, { context?: ContextManagerLike } | undefined>)[
    API_REGISTRY
  ];
  const manager = registry === undefined ? undefined : registry.context;
  if (manager === undefined) return undefined;
  if (manager !== knownManager) {
    knownManager = manager;
    direct = servesTheApi(manager);
  }
  const span = trace.getSpan(direct ? manager.active() : context.active());
  if (span === undefined) return undefined;
  const spanContext = span.spanContext();
  return spanContext.traceId === INVALID_TRACEID ? undefined : spanContext;
}

/** The current span's context when the span is sampled (what exemplars link to). */
export function sampledSpanContext(): SpanContext | undefined {
  const spanContext = activeSpanContext();
  return spanContext !== undefined && (spanContext.traceFlags & TraceFlags.SAMPLED) !== 0
    ? spanContext
    : undefined;
}
