import { MonitoringError } from './monitoring.error.js';

/** A metric was asked for by a name that is not registered. */
export class MetricNotFoundError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_METRIC_NOT_FOUND', cause: options?.cause });
  }
}
