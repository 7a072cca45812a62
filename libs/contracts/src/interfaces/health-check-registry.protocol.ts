import type {
  HealthCheckAddOptions,
  HealthCheckFunction,
  HealthCheckProtocol,
  HealthCheckResultLike,
  HealthReport,
  HealthStatus,
} from './health.types.js';

export type HealthSummary = [HealthStatus, Record<string, HealthCheckResultLike>];

/** A registry of named health checks (bound under `HEALTH_CHECK_REGISTRY`). */
export interface HealthCheckRegistryProtocol {
  add(
    name: string,
    check: HealthCheckProtocol | HealthCheckFunction,
    options?: HealthCheckAddOptions,
  ): void;
  /** Result of one check; status UNKNOWN (never an exception) for an unknown name. */
  runCheck(name: string): Promise<HealthCheckResultLike>;
  runAll(): Promise<Record<string, HealthCheckResultLike>>;
  runLiveness(): Promise<HealthSummary>;
  runReadiness(): Promise<HealthSummary>;
  runStartup(): Promise<HealthSummary>;
  /** Runs every check under one overall deadline. */
  healthCheck(timeoutMs?: number): Promise<HealthReport>;
}
