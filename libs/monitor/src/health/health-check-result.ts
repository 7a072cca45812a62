import { HealthCheckCategory, HealthStatus, type HealthCheckResultLike } from '@herald/contracts';

/** Fields of a `HealthCheckResult`; only `name` and `status` are required. */
export interface HealthCheckResultInit {
  name: string;
  status: HealthStatus;
  message?: string;
  details?: Record<string, unknown>;
  /** @default 0 */
  durationMs?: number;
  /** Epoch seconds, float. @default now */
  timestamp?: number;
  /** @default true */
  critical?: boolean;
  category?: HealthCheckCategory;
}

/**
 * The outcome of one health check.
 *
 * @example new HealthCheckResult({ name: 'db', status: HealthStatus.HEALTHY, durationMs: 3 })
 */
export class HealthCheckResult implements HealthCheckResultLike {
  name: string;
  status: HealthStatus;
  message?: string;
  details?: Record<string, unknown>;
  durationMs: number;
  timestamp: number;
  critical: boolean;
  category?: HealthCheckCategory;

  constructor(init: HealthCheckResultInit) {
    this.name = init.name;
    this.status = init.status;
    this.message = init.message;
    this.details = init.details;
    this.durationMs = init.durationMs ?? 0;
    this.timestamp = init.timestamp ?? Date.now() / 1000;
    this.critical = init.critical ?? true;
    this.category = init.category;
  }

  /** A copy of any result-like object as a `HealthCheckResult`. */
  static from(like: HealthCheckResultLike): HealthCheckResult {
    return like instanceof HealthCheckResult ? like : new HealthCheckResult(like);
  }

  /** True for HEALTHY only. */
  isHealthy(): boolean {
    return this.status === HealthStatus.HEALTHY;
  }

  /** True for DEGRADED only. */
  isDegraded(): boolean {
    return this.status === HealthStatus.DEGRADED;
  }

  /** The JSON shape served by the health endpoint; absent optional fields are left out. */
  toDict(): Record<string, unknown> {
    const out: Record<string, unknown> = { name: this.name, status: this.status };
    if (this.message !== undefined) out.message = this.message;
    if (this.details !== undefined) out.details = this.details;
    out.durationMs = this.durationMs;
    out.timestamp = this.timestamp;
    out.critical = this.critical;
    if (this.category !== undefined) out.category = this.category;
    return out;
  }

  toJSON(): Record<string, unknown> {
    return this.toDict();
  }
}
