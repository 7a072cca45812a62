import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the alerts subsystem, added to `MonitorModule`. */
export function createAlertingProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the alerts subsystem that `MonitorModule` exports. */
export function alertingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
