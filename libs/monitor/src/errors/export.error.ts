import { MonitoringError } from './monitoring.error.js';

/**
 * A push of metrics or spans to a remote endpoint (a Prometheus Pushgateway,
 * an OTLP receiver) was refused or did not complete. The message names the
 * endpoint (credentials redacted) and what it answered.
 */
export class ExportError extends MonitoringError {
  /** The HTTP status the endpoint answered, when it answered. */
  readonly status?: number;

  constructor(message: string, options?: { code?: string; cause?: unknown; status?: number }) {
    super(message, { code: options?.code ?? 'HERALD_EXPORT_FAILED', cause: options?.cause });
    this.status = options?.status;
  }
}
