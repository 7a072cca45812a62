import { MonitoringError } from './monitoring.error.js';

/** Invalid metric parameters: a bad name or label, NaN, a negative counter increment. */
export class InvalidMetricError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_INVALID_METRIC', cause: options?.cause });
  }
}
