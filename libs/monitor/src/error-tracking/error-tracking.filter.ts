import {
  Catch,
  Inject,
  Injectable,
  Optional,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { ERROR_TRACKER, type ErrorTrackerProtocol } from '@herald/contracts';
import { requestContextOf, shouldCaptureException } from './request-context.util.js';

/** Token of the filter an `ErrorTrackingFilter` hands exceptions to after capturing them. */
export const ERROR_TRACKING_DELEGATE_FILTER = Symbol.for('HERALD:ERROR_TRACKING_DELEGATE_FILTER');

/**
 * A catch-all exception filter that reports unhandled errors (not 4xx
 * `HttpException`s) through `ERROR_TRACKER`, then lets the response be
 * written as before: by the app's own filter when one is given (the
 * `ERROR_TRACKING_DELEGATE_FILTER` provider, or `new ErrorTrackingFilter(tracker, appFilter)`),
 * otherwise by Nest's default handler. Filters bound to a controller or
 * method still take precedence over it, as Nest intends; use
 * `ErrorTrackingInterceptor` to capture errors that those handle.
 *
 * @example providers: [{ provide: APP_FILTER, useClass: ErrorTrackingFilter }]
 */
@Catch()
@Injectable()
export class ErrorTrackingFilter extends BaseExceptionFilter {
  constructor(
    @Inject(ERROR_TRACKER) private readonly tracker: ErrorTrackerProtocol,
    @Optional()
    @Inject(ERROR_TRACKING_DELEGATE_FILTER)
    private readonly delegate?: ExceptionFilter,
  ) {
    super();
  }

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    if (shouldCaptureException(exception)) {
      try {
        this.tracker.captureException(exception, requestContextOf(host));
      } catch {
        // Reporting must never change the response.
      }
    }
    if (this.delegate) return this.delegate.catch(exception, host);
    return super.catch(exception, host);
  }
}
