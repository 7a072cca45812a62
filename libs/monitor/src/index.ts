/**
 * @herald/monitor: metrics, tracing, health checks, alerts, SLOs, error
 * tracking and profiling for NestJS. Each subsystem's barrel lists its public
 * names explicitly; this file gathers them. What a peer dependency types is in
 * a subpath: `@herald/monitor/prometheus` (prom-client), `/otlp` (the
 * OpenTelemetry metrics SDK); test helpers are in `/testing`.
 */
export * from './config';
export { HealthStatus, HealthCheckCategory } from '@herald/contracts';
export * from './errors';
export { MonitorModule } from './monitor.module';
export type { MonitorModuleOptions, MonitorModuleExtras } from './monitor.module-definition';
export * from './metrics';
export { ObservabilityService } from './observability.service';
export { MonitorProvider } from './monitor.provider';
export * from './tracing';
export * from './health';
export * from './alerts';
export * from './slo';
export * from './error-tracking';
export * from './logging';
export * from './profiling';
export * from './decorators';
