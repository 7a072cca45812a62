import type { Provider } from '@nestjs/common';
import { ERROR_TRACKER } from '@herald/contracts';
import type { MonitorConfig } from '../config';
import type { MonitorBuildContext } from '../monitor-build-context';
import { MONITOR_CONFIG } from '../monitor.constants';
import { NoopErrorTracker } from './noop-error.tracker';
import { setupErrorTracking } from './setup-error-tracking';

/**
 * `ERROR_TRACKER`: `setupErrorTracking(config.errorTracking)`, or the no-op
 * tracker in `stub()`. A Sentry tracker is flushed and closed on module destroy.
 */
export function createErrorTrackingProviders(ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: ERROR_TRACKER,
      useFactory: (config: MonitorConfig) =>
        ctx.stub ? new NoopErrorTracker() : setupErrorTracking(config.errorTracking),
      inject: [MONITOR_CONFIG],
    },
  ];
}

/** Tokens and classes of the error-tracking subsystem that `MonitorModule` exports. */
export function errorTrackingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [ERROR_TRACKER];
}
