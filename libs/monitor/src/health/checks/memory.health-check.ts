import { HealthStatus } from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { BaseHealthCheck } from '../base-health-check.js';

/** Options of the memory checks. */
export interface MemoryHealthCheckOptions {
  /** UNHEALTHY above this many bytes. */
  thresholdBytes: number;
  /** DEGRADED above this fraction of the threshold. @default 0.9 */
  degradedRatio?: number;
  name?: string;
  /** @default true */
  critical?: boolean;
}

abstract class MemoryThresholdCheck extends BaseHealthCheck {
  private readonly threshold: number;
  private readonly degradedAt: number;

  constructor(defaultName: string, options: MemoryHealthCheckOptions) {
    super(options.name ?? defaultName, options.critical ?? true);
    if (!(typeof options.thresholdBytes === 'number' && options.thresholdBytes > 0)) {
      throw new HeraldValueError(
        `${defaultName} check: thresholdBytes must be a positive number of bytes (got ${JSON.stringify(options.thresholdBytes) ?? String(options.thresholdBytes)}), e.g. 512 * 1024 * 1024.`,
      );
    }
    this.timeoutMs = 500;
    this.threshold = options.thresholdBytes;
    this.degradedAt = options.thresholdBytes * (options.degradedRatio ?? 0.9);
  }

  protected abstract measure(): number;

  protected probe(): unknown {
    const used = this.measure();
    const details = { usedBytes: used, thresholdBytes: this.threshold };
    if (used > this.threshold) {
      return {
        status: HealthStatus.UNHEALTHY,
        message: `${this.name} ${used} B above ${this.threshold} B`,
        ...details,
      };
    }
    if (used > this.degradedAt) {
      return {
        status: HealthStatus.DEGRADED,
        message: `${this.name} ${used} B close to ${this.threshold} B`,
        ...details,
      };
    }
    return details;
  }
}

/**
 * V8 heap in use (`process.memoryUsage().heapUsed`) against a threshold.
 *
 * @example runner.add('heap', new HeapHealthCheck({ thresholdBytes: 512 * 1024 ** 2 }), { category: HealthCheckCategory.LIVENESS })
 */
export class HeapHealthCheck extends MemoryThresholdCheck {
  constructor(options: MemoryHealthCheckOptions) {
    super('memory.heap', options);
  }

  protected measure(): number {
    return process.memoryUsage().heapUsed;
  }
}

/** Resident set size (`process.memoryUsage.rss()`) against a threshold. */
export class RssHealthCheck extends MemoryThresholdCheck {
  constructor(options: MemoryHealthCheckOptions) {
    super('memory.rss', options);
  }

  protected measure(): number {
    return process.memoryUsage.rss();
  }
}
