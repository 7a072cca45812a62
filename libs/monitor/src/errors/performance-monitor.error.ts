import { MonitoringError } from './monitoring.error.js';

/** Base of performance-monitoring errors (e.g. `startMonitoring()` while already active). */
export class PerformanceMonitorError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_PERFORMANCE_MONITOR', cause: options?.cause });
  }
}
