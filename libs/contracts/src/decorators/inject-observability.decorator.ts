import { Inject } from '@nestjs/common';
import { HEALTH_CHECK_REGISTRY, METRICS_COLLECTOR, TRACER } from '../tokens/herald.tokens.js';

/**
 * Injects the metrics collector (`MetricsCollectorProtocol`, token
 * `METRICS_COLLECTOR`): `MonitorModule`'s when it is imported, else the
 * no-op stand-in of `ObservabilityModule`.
 *
 * @example constructor(@InjectMetrics() private readonly metrics: MetricsCollectorProtocol) {}
 */
export const InjectMetrics = (): ParameterDecorator & PropertyDecorator =>
  Inject(METRICS_COLLECTOR);

/**
 * Injects the tracer (`TracerProtocol`, token `TRACER`): `MonitorModule`'s
 * when it is imported, else the no-op stand-in of `ObservabilityModule`.
 *
 * @example constructor(@InjectTracer() private readonly tracer: TracerProtocol) {}
 */
export const InjectTracer = (): ParameterDecorator & PropertyDecorator => Inject(TRACER);

/**
 * Injects the health-check registry (`HealthCheckRegistryProtocol`, token
 * `HEALTH_CHECK_REGISTRY`): `MonitorModule`'s when it is imported, else the
 * no-op stand-in of `ObservabilityModule`.
 *
 * @example constructor(@InjectHealthRegistry() private readonly health: HealthCheckRegistryProtocol) {}
 */
export const InjectHealthRegistry = (): ParameterDecorator & PropertyDecorator =>
  Inject(HEALTH_CHECK_REGISTRY);
