import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the error-tracking subsystem, added to `MonitorModule`. */
export function createErrorTrackingProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the error-tracking subsystem that `MonitorModule` exports. */
export function errorTrackingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
