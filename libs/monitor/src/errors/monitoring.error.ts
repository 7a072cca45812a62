import { HeraldError } from '@herald/contracts';

/** Base of every error of `@herald/monitor`. */
export class MonitoringError extends HeraldError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_MONITORING_ERROR', cause: options?.cause });
  }
}
