import type { HealthCheckCategory, HealthCheckProtocol } from '@herald/contracts';

/** One registered check with its resolved options. */
export interface HealthCheckEntry {
  readonly name: string;
  readonly check: HealthCheckProtocol;
  readonly timeoutMs: number;
  readonly category: HealthCheckCategory;
  readonly critical: boolean;
}
