export { setupErrorTracking, type SetupErrorTrackingOptions } from './setup-error-tracking';
export { NoopErrorTracker } from './noop-error.tracker';
export {
  SentryErrorTracker,
  type SentrySdk,
  type SentryTrackerOptions,
} from './sentry-error.tracker';
export { scrubPii, scrubEmails, EMAIL_REPLACEMENT, type ScrubbableEvent } from './scrub-pii.util';
export { ErrorTrackingFilter, ERROR_TRACKING_DELEGATE_FILTER } from './error-tracking.filter';
export { ErrorTrackingInterceptor } from './error-tracking.interceptor';
export { shouldCaptureException, requestContextOf } from './request-context.util';
export { HandlerErrorCaptureExplorer } from './handlers/handler-error-capture.explorer';
export {
  captureWorkerErrors,
  type CaptureWorkerErrorsOptions,
  type FailedJobLike,
  type WorkerLike,
} from './handlers/capture-worker-errors.util';
export {
  reportHandlerError,
  handlerErrorContext,
  type HandlerErrorContext,
} from './handlers/report-handler-error.util';
export { errorTraceOf, type ErrorTraceContext } from './trace-context.util';
