import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the health subsystem, added to `MonitorModule`. */
export function createHealthProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the health subsystem that `MonitorModule` exports. */
export function healthExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
