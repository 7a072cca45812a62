/**
 * Base of every error Herald throws. `name` is stable (safe to switch on) and
 * `code` is a short machine-readable reason.
 */
export class HeraldError extends Error {
  readonly code: string;

  constructor(message: string, options?: { code?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = new.target.name;
    this.code = options?.code ?? 'HERALD_ERROR';
  }
}
