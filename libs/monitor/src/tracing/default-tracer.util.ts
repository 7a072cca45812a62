import { context, trace } from '@opentelemetry/api';
import type { TracerProtocol } from '@herald/contracts';
import { NoopTracer } from '@herald/observability';
import { HERALD_SPAN, type Span } from './span.js';

const NOOP = new NoopTracer();
const registered: TracerProtocol[] = [];

/**
 * Makes `tracer` the fallback of the helpers that take an optional tracer
 * (`tracePublish`, `traceConsume`, `injectTraceContext`, `instrumentDatabase`,
 * `@Traced`) while it lives; `MonitorModule` does this for its tracer and
 * undoes it on shutdown. Returns the function that unregisters it.
 */
export function registerDefaultTracer(tracer: TracerProtocol): () => void {
  registered.push(tracer);
  return () => {
    const index = registered.lastIndexOf(tracer);
    if (index >= 0) registered.splice(index, 1);
  };
}

/**
 * The tracer to use when none is given: the one that started the current
 * span (so two apps in one process never mix traces), else the most recently
 * registered one, else the no-op tracer.
 */
export function resolveTracer(explicit?: TracerProtocol): TracerProtocol {
  if (explicit) return explicit;
  const active = trace.getSpan(context.active()) as unknown as Record<symbol, Span> | undefined;
  const owner = active?.[HERALD_SPAN]?.tracer;
  return owner ?? registered[registered.length - 1] ?? NOOP;
}
