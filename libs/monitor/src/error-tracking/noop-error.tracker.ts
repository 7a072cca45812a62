import { Logger, type LoggerService } from '@nestjs/common';
import type { ErrorTrackerProtocol } from '@herald/contracts';
import { errorTraceOf } from './trace-context.util.js';

/**
 * The no-op error tracker, used when no DSN is configured: it logs the exception
 * locally (name, message and stack) and never opens a connection. The
 * context's tags (the handler of a background job, its queue and job id...)
 * and the trace id (`context.trace`, else the current span) follow the
 * message as `(key=value, …)`.
 */
export class NoopErrorTracker implements ErrorTrackerProtocol {
  constructor(
    private readonly logger: Pick<LoggerService, 'error'> = new Logger('HeraldErrorTracking'),
  ) {}

  captureException(exception: unknown, context?: Record<string, unknown>): string | undefined {
    const error = exception instanceof Error ? exception : undefined;
    const fields = Object.entries((context?.tags as Record<string, unknown> | undefined) ?? {});
    const trace = errorTraceOf(context);
    if (trace) fields.push(['trace_id', trace.trace_id]);
    const details = fields.length > 0 ? ` (${fields.map(([k, v]) => `${k}=${v}`).join(', ')})` : '';
    this.logger.error(
      `unhandled exception ${error ? `${error.name}: ${error.message}` : String(exception)}${details}`,
      error?.stack,
    );
    return undefined;
  }

  /** Nothing is buffered, so there is nothing to wait for. */
  async flush(_timeoutMs = 2000): Promise<boolean> {
    return true;
  }
}
