import { MonitoringError } from './monitoring.error.js';

/** A name that is not registered (a lookup by an unknown key). The message names the key. */
export class HeraldKeyError extends MonitoringError {
  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, { code: options?.code ?? 'HERALD_KEY_ERROR', cause: options?.cause });
  }
}
