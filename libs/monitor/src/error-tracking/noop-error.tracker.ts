import { Logger, type LoggerService } from '@nestjs/common';
import type { ErrorTrackerProtocol } from '@herald/contracts';

/**
 * The no-op error tracker, used when no DSN is configured: it logs the exception
 * locally (name, message and stack) and never opens a connection.
 */
export class NoopErrorTracker implements ErrorTrackerProtocol {
  constructor(
    private readonly logger: Pick<LoggerService, 'error'> = new Logger('HeraldErrorTracking'),
  ) {}

  captureException(exception: unknown, _context?: Record<string, unknown>): string | undefined {
    const error = exception instanceof Error ? exception : undefined;
    this.logger.error(
      `unhandled exception ${error ? `${error.name}: ${error.message}` : String(exception)}`,
      error?.stack,
    );
    return undefined;
  }

  /** Nothing is buffered, so there is nothing to wait for. */
  async flush(_timeoutMs = 2000): Promise<boolean> {
    return true;
  }
}
