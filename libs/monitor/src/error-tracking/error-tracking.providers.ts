import type { Provider } from '@nestjs/common';
import { ERROR_TRACKER } from '@herald/contracts';
import type { MonitorConfig } from '../config/index.js';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { MONITOR_CONFIG } from '../monitor.constants.js';
import { HandlerErrorCaptureExplorer } from './handlers/handler-error-capture.explorer.js';
import { NoopErrorTracker } from './noop-error.tracker.js';
import { setupErrorTracking } from './setup-error-tracking.js';

/**
 * `ERROR_TRACKER`: `setupErrorTracking(config.errorTracking)`, or the no-op
 * tracker in `stub()`. A Sentry tracker is flushed and closed on module destroy.
 * Outside `stub()`, the explorer that reports errors of BullMQ processors,
 * `@Cron` and `@OnEvent` handlers (`error_tracking.capture_handlers`).
 */
export function createErrorTrackingProviders(ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: ERROR_TRACKER,
      useFactory: (config: MonitorConfig) =>
        ctx.stub ? new NoopErrorTracker() : setupErrorTracking(config.errorTracking),
      inject: [MONITOR_CONFIG],
    },
    ...(ctx.stub ? [] : [HandlerErrorCaptureExplorer]),
  ];
}

/** Tokens and classes of the error-tracking subsystem that `MonitorModule` exports. */
export function errorTrackingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [ERROR_TRACKER];
}
