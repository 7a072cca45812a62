import { MonitoringError } from './monitoring.error.js';

/** Base of span errors. */
export class SpanError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_SPAN_ERROR', cause: options?.cause });
  }
}
