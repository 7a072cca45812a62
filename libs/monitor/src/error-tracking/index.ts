export { setupErrorTracking, type SetupErrorTrackingOptions } from './setup-error-tracking.js';
export { NoopErrorTracker } from './noop-error.tracker.js';
export {
  SentryErrorTracker,
  type SentrySdk,
  type SentryTrackerOptions,
} from './sentry-error.tracker.js';
export type { ScrubbableEvent } from './scrub-pii.util.js';
export { ErrorTrackingFilter, ERROR_TRACKING_DELEGATE_FILTER } from './error-tracking.filter.js';
export { ErrorTrackingInterceptor } from './error-tracking.interceptor.js';
export {
  captureWorkerErrors,
  type CaptureWorkerErrorsOptions,
  type FailedJobLike,
  type WorkerLike,
} from './handlers/capture-worker-errors.util.js';
export type { HandlerErrorContext } from './handlers/report-handler-error.util.js';
export type { ErrorTraceContext } from './trace-context.util.js';
