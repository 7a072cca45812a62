/** Health of one check or of the whole service. Values are what JSON payloads carry. */
export enum HealthStatus {
  HEALTHY = 'healthy',
  DEGRADED = 'degraded',
  UNHEALTHY = 'unhealthy',
  UNKNOWN = 'unknown',
}

/** Which probe a check belongs to (Kubernetes semantics). */
export enum HealthCheckCategory {
  LIVENESS = 'liveness',
  READINESS = 'readiness',
  STARTUP = 'startup',
}

/** The plain shape of a check result; `HealthCheckResult` in `@herald/monitor` implements it. */
export interface HealthCheckResultLike {
  name: string;
  status: HealthStatus;
  message?: string;
  details?: Record<string, unknown>;
  durationMs: number;
  /** Epoch seconds, float. */
  timestamp: number;
  critical: boolean;
  category?: HealthCheckCategory;
}

/** What a check may return: a verdict, details (healthy unless `status`/`healthy` says otherwise) or a full result. */
export type HealthCheckOutcome = boolean | Record<string, unknown> | HealthCheckResultLike;

/** A health check object: a `name`, whether it is `critical`, and `check()`. */
export interface HealthCheckProtocol {
  readonly name: string;
  readonly critical?: boolean;
  check(): Promise<HealthCheckResultLike>;
}

export type HealthCheckFunction = () => HealthCheckOutcome | Promise<HealthCheckOutcome>;

export interface HealthCheckAddOptions {
  timeoutMs?: number;
  critical?: boolean;
  category?: HealthCheckCategory;
}

/** Body of the health endpoint. */
export interface HealthReport {
  status: HealthStatus;
  /** Epoch seconds, float. */
  timestamp: number;
  checks: Record<string, HealthCheckResultLike>;
}
