/**
 * @herald/monitor: metrics, tracing, health checks, alerts, SLOs, error
 * tracking and profiling for NestJS. Each subsystem's barrel lists its public
 * names explicitly; this file gathers them. What a peer dependency types is in
 * a subpath: `@herald/monitor/prometheus` (prom-client), `/otlp` (the
 * OpenTelemetry metrics SDK); test helpers are in `/testing`.
 */
export * from './config/index.js';
export { HealthStatus, HealthCheckCategory } from '@herald/contracts';
export * from './errors/index.js';
export { MonitorModule } from './monitor.module.js';
export type { MonitorModuleOptions, MonitorModuleExtras } from './monitor.module-definition.js';
export * from './metrics/index.js';
export { ObservabilityService } from './observability.service.js';
export { MonitorProvider } from './monitor.provider.js';
export * from './tracing/index.js';
export * from './health/index.js';
export * from './alerts/index.js';
export * from './slo/index.js';
export * from './error-tracking/index.js';
export * from './logging/index.js';
export * from './profiling/index.js';
export * from './decorators/index.js';
