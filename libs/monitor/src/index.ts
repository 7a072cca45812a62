/**
 * @herald/monitor: metrics, tracing, health checks, alerts, SLOs, error
 * tracking and profiling for NestJS.
 */
export * from './config';
export { HealthStatus, HealthCheckCategory } from '@herald/contracts';
