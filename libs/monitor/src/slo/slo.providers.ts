import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the slo subsystem, added to `MonitorModule`. */
export function createSloProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the slo subsystem that `MonitorModule` exports. */
export function sloExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
