export { SpanKind, SpanStatusCode } from '@opentelemetry/api';
export { Tracer, type TracerOptions, type HeraldStartSpanOptions } from './tracer';
export { Span } from './span';
export { SpanContext } from './span-context';
export {
  InMemoryTracerProvider,
  type InMemoryTracerProviderOptions,
} from './in-memory-tracer.provider';
export { DEFAULT_MAX_SPANS, DEFAULT_TRACER_MAX_SPANS } from './recording-span.processor';
export { RateLimitingSampler } from './samplers/rate-limiting.sampler';
export { TraceContextPropagator } from './trace-context.propagator';
export { W3CTraceState } from './w3c-trace-state';
export { TRACE_FLAG_RANDOM, TRACE_FLAG_SAMPLED } from './traceparent.util';
export { runInSpan } from './run-in-span.util';
export { registerDefaultTracer } from './default-tracer.util';
export {
  createTracerFromConfig,
  traceExporterFromConfig,
  traceExporterFromOption,
} from './tracer-from-config.util';
export { TRACE_EXPORTER } from './tracing.constants';
export { NoopTracer, NoopSpan } from '@herald/observability';
export {
  tracePublish,
  traceConsume,
  injectTraceContext,
  type TracePublishOptions,
  type TraceConsumeOptions,
} from './messaging.util';
export {
  instrumentDatabase,
  type InstrumentDatabaseOptions,
  type InstrumentableDatabase,
} from './instrument-database.util';
export { createTracingMiddleware, TracingMiddleware } from './http/tracing.middleware';
export { TracingInterceptor } from './http/tracing.interceptor';
export type { HttpTracingOptions } from './http/server-span.util';
