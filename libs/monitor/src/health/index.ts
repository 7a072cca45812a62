export { HealthCheckResult, type HealthCheckResultInit } from './health-check-result.js';
export { BaseHealthCheck, FunctionHealthCheck } from './base-health-check.js';
export { aggregateStatus, httpStatusFor } from './aggregate-status.util.js';
export {
  HealthCheckRunner,
  type HealthCheckRunnerOptions,
  type HealthCheckSummary,
} from './health-check-runner.js';
export { HealthCheckerRegistry, type GetOrCreateOptions } from './health-checker-registry.js';
export {
  HealthChecker,
  type HealthCheckerOptions,
  type HealthCheckerMetadata,
  type HealthCheckerDecorator,
} from './health-checker.decorator.js';
export {
  DatabaseHealthCheck,
  type DatabaseHealthCheckOptions,
  type DataSourceLike,
} from './checks/database.health-check.js';
export type {
  HealthCheckProtocol,
  HealthCheckFunction,
  HealthCheckOutcome,
  HealthCheckResultLike,
  HealthCheckRegistryProtocol,
  HealthReport,
} from '@herald/contracts';
export { NoopHealthCheckRegistry } from '@herald/observability';
export { type HealthMiddlewareOptions, type HealthSource } from './http/health-request.handler.js';
export { createHealthMiddleware, type HealthMiddleware } from './http/create-health-middleware.js';
export { attachHealthProbes } from './http/attach-health-probes.js';
export {
  heraldIndicator,
  fromTerminusIndicator,
  type TerminusIndicatorResult,
  type TerminusIndicatorFunction,
} from './terminus/terminus-interop.js';
export {
  RedisHealthCheck,
  type RedisHealthCheckOptions,
  type RedisClientLike,
} from './checks/redis.health-check.js';
export {
  HeapHealthCheck,
  RssHealthCheck,
  type MemoryHealthCheckOptions,
} from './checks/memory.health-check.js';
export { DiskHealthCheck, type DiskHealthCheckOptions } from './checks/disk.health-check.js';
export {
  EventLoopHealthCheck,
  type EventLoopHealthCheckOptions,
} from './checks/event-loop.health-check.js';
export { HttpHealthCheck, type HttpHealthCheckOptions } from './checks/http.health-check.js';
export { healthResponseBody, healthResponseJson } from './http/health-response.util.js';
export { isAuthorizedBearer } from '../utils/bearer-auth.util.js';
export {
  enableGracefulShutdown,
  type GracefulShutdownOptions,
} from './shutdown/enable-graceful-shutdown.js';
export { dependencyOutageOf, type DependencyOutage } from './outage/dependency-outage.util.js';
export {
  ServiceUnavailableFilter,
  SERVICE_UNAVAILABLE_FILTER_OPTIONS,
  type ServiceUnavailableFilterOptions,
} from './outage/service-unavailable.filter.js';
