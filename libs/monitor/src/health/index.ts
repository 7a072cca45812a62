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
