export { HealthCheckResult, type HealthCheckResultInit } from './health-check-result';
export { BaseHealthCheck, FunctionHealthCheck } from './base-health-check';
export { aggregateStatus, httpStatusFor } from './aggregate-status.util';
export {
  HealthCheckRunner,
  type HealthCheckRunnerOptions,
  type HealthCheckSummary,
} from './health-check-runner';
export { HealthCheckerRegistry, type GetOrCreateOptions } from './health-checker-registry';
export {
  HealthChecker,
  HEALTH_CHECKER_METADATA,
  getHealthCheckerMetadata,
  type HealthCheckerOptions,
  type HealthCheckerMetadata,
  type HealthCheckerDecorator,
} from './health-checker.decorator';
export { HealthCheckerExplorer } from './health-checker.explorer';
export {
  DatabaseHealthCheck,
  type DatabaseHealthCheckOptions,
  type DataSourceLike,
} from './checks/database.health-check';
export type {
  HealthCheckProtocol,
  HealthCheckFunction,
  HealthCheckOutcome,
  HealthCheckResultLike,
  HealthCheckRegistryProtocol,
  HealthReport,
} from '@herald/contracts';
export { NoopHealthCheckRegistry } from '@herald/observability';
export {
  HealthRequestHandler,
  type HealthMiddlewareOptions,
  type HealthSource,
} from './http/health-request.handler';
export { createHealthMiddleware, type HealthMiddleware } from './http/create-health-middleware';
export { attachHealthProbes } from './http/attach-health-probes';
export {
  heraldIndicator,
  fromTerminusIndicator,
  type TerminusIndicatorResult,
  type TerminusIndicatorFunction,
} from './terminus/terminus-interop';
export {
  RedisHealthCheck,
  type RedisHealthCheckOptions,
  type RedisClientLike,
} from './checks/redis.health-check';
export {
  HeapHealthCheck,
  RssHealthCheck,
  type MemoryHealthCheckOptions,
} from './checks/memory.health-check';
export { DiskHealthCheck, type DiskHealthCheckOptions } from './checks/disk.health-check';
export {
  EventLoopHealthCheck,
  type EventLoopHealthCheckOptions,
} from './checks/event-loop.health-check';
export { HttpHealthCheck, type HttpHealthCheckOptions } from './checks/http.health-check';
export { healthResponseBody, healthResponseJson } from './http/health-response.util';
export { isAuthorizedBearer } from '../utils/bearer-auth.util';
export {
  enableGracefulShutdown,
  type GracefulShutdownOptions,
} from './shutdown/enable-graceful-shutdown';
