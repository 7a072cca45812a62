export { SpanKind, SpanStatusCode } from '@opentelemetry/api';
export { Tracer, type TracerOptions, type HeraldStartSpanOptions } from './tracer.js';
export { Span } from './span.js';
export { SpanContext } from './span-context.js';
export {
  InMemoryTracerProvider,
  type InMemoryTracerProviderOptions,
} from './in-memory-tracer.provider.js';
export { RateLimitingSampler } from './samplers/rate-limiting.sampler.js';
export { TraceContextPropagator } from './trace-context.propagator.js';
export { W3CTraceState } from './w3c-trace-state.js';
export { TRACE_FLAG_RANDOM } from './traceparent.util.js';
export { runInSpan } from './run-in-span.util.js';
export { registerDefaultTracer } from './default-tracer.util.js';
export { createTracerFromConfig, traceExporterFromConfig } from './tracer-from-config.util.js';
export { TRACE_EXPORTER } from './tracing.constants.js';
export { NoopTracer, NoopSpan } from '@herald/observability';
export {
  tracePublish,
  traceConsume,
  injectTraceContext,
  type TracePublishOptions,
  type TraceConsumeOptions,
} from './messaging.util.js';
export {
  instrumentDatabase,
  type InstrumentDatabaseOptions,
  type InstrumentableDatabase,
} from './instrument-database.util.js';
export { createTracingMiddleware, TracingMiddleware } from './http/tracing.middleware.js';
export { TracingInterceptor } from './http/tracing.interceptor.js';
export type { HttpTracingOptions } from './http/server-span.util.js';
