import { statfs } from 'node:fs/promises';
import { HealthStatus } from '@herald/contracts';
import { BaseHealthCheck } from '../base-health-check.js';

/** Options of `DiskHealthCheck`; give `minFreeBytes`, `minFreeRatio` or both. */
export interface DiskHealthCheckOptions {
  /** @default '/' */
  path?: string;
  /** UNHEALTHY when fewer bytes are available. */
  minFreeBytes?: number;
  /** UNHEALTHY when a smaller fraction of the disk is available. @default 0.05 */
  minFreeRatio?: number;
  /** @default 'disk' */
  name?: string;
  /** @default true */
  critical?: boolean;
}

/**
 * Free space of the file system holding `path` (`fs.statfs`), as available
 * to unprivileged users.
 *
 * @example runner.add('disk', new DiskHealthCheck({ path: '/var/lib/app', minFreeRatio: 0.1 }))
 */
export class DiskHealthCheck extends BaseHealthCheck {
  constructor(private readonly options: DiskHealthCheckOptions = {}) {
    super(options.name ?? 'disk', options.critical ?? true);
    this.timeoutMs = 1000;
  }

  protected async probe(): Promise<unknown> {
    const path = this.options.path ?? '/';
    const stats = await statfs(path);
    const freeBytes = stats.bavail * stats.bsize;
    const totalBytes = stats.blocks * stats.bsize;
    const freeRatio = totalBytes > 0 ? freeBytes / totalBytes : 0;
    const minRatio = this.options.minFreeRatio ?? (this.options.minFreeBytes ? 0 : 0.05);
    const minBytes = this.options.minFreeBytes ?? 0;
    const details = { path, freeBytes, totalBytes, freeRatio: Math.round(freeRatio * 1e4) / 1e4 };
    if (freeBytes < minBytes || freeRatio < minRatio) {
      return {
        status: HealthStatus.UNHEALTHY,
        message: `only ${freeBytes} B (${(freeRatio * 100).toFixed(1)} %) free on ${path}`,
        ...details,
      };
    }
    return details;
  }
}
