/**
 * @herald/observability: always-resolvable no-op stand-ins for the metrics
 * collector, tracer and health registry, and the priority mechanism that lets a real
 * implementation replace them.
 */
export { ObservabilityModule } from './observability.module.js';
export { NoopMetricsCollector } from './noop/noop-metrics-collector.js';
export { NoopTracer, NoopSpan, NOOP_SPAN, NOOP_SPAN_CONTEXT } from './noop/noop-tracer.js';
export { NoopHealthCheckRegistry } from './noop/noop-health-check-registry.js';
export { provideWithPriority, getPriorityToken } from './utils/provide-with-priority.util.js';
