import { MonitoringError } from './monitoring.error.js';

/** A monitoring backend cannot be used, usually because its client library is not installed. */
export class BackendNotAvailableError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, {
      code: options?.code ?? 'HERALD_BACKEND_NOT_AVAILABLE',
      cause: options?.cause,
    });
  }
}
