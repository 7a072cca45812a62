import { MonitoringError } from './monitoring.error.js';

/** A value that is not allowed. The message names the value. */
export class HeraldValueError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_VALUE_ERROR', cause: options?.cause });
  }
}
