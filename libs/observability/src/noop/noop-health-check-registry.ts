import {
  HealthStatus,
  type HealthCheckRegistryProtocol,
  type HealthCheckResultLike,
  type HealthReport,
  type HealthSummary,
} from '@herald/contracts';

/**
 * The no-op health registry: ignores `add`, run methods return empty results and
 * `healthCheck` reports healthy. `runCheck` answers UNKNOWN, as for any name
 * the registry does not know.
 */
export class NoopHealthCheckRegistry implements HealthCheckRegistryProtocol {
  add(..._args: unknown[]): void {}

  async runCheck(name: string): Promise<HealthCheckResultLike> {
    return {
      name,
      status: HealthStatus.UNKNOWN,
      message: `no health check named "${name}" (no-op registry)`,
      durationMs: 0,
      timestamp: Date.now() / 1000,
      critical: false,
    };
  }

  async runAll(..._args: unknown[]): Promise<Record<string, HealthCheckResultLike>> {
    return {};
  }

  async runLiveness(): Promise<HealthSummary> {
    return [HealthStatus.HEALTHY, {}];
  }

  async runReadiness(): Promise<HealthSummary> {
    return [HealthStatus.HEALTHY, {}];
  }

  async runStartup(): Promise<HealthSummary> {
    return [HealthStatus.HEALTHY, {}];
  }

  async healthCheck(..._args: unknown[]): Promise<HealthReport> {
    return { status: HealthStatus.HEALTHY, timestamp: Date.now() / 1000, checks: {} };
  }
}
