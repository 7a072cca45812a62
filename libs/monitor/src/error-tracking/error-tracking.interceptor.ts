import {
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { catchError, throwError, type Observable } from 'rxjs';
import { ERROR_TRACKER, type ErrorTrackerProtocol } from '@herald/contracts';
import { requestContextOf, shouldCaptureException } from './request-context.util.js';

/**
 * Reports errors thrown by handlers (not 4xx `HttpException`s) and rethrows
 * them untouched, so every exception filter of the app, whatever its scope,
 * still runs. Errors thrown by guards and middleware do not pass through
 * interceptors: `ErrorTrackingFilter` covers those.
 *
 * @example providers: [{ provide: APP_INTERCEPTOR, useClass: ErrorTrackingInterceptor }]
 */
@Injectable()
export class ErrorTrackingInterceptor implements NestInterceptor {
  constructor(@Inject(ERROR_TRACKER) private readonly tracker: ErrorTrackerProtocol) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    return next.handle().pipe(
      catchError((error: unknown) => {
        if (shouldCaptureException(error)) {
          try {
            this.tracker.captureException(error, requestContextOf(context));
          } catch {
            // Reporting must never change the response.
          }
        }
        return throwError(() => error);
      }),
    );
  }
}
