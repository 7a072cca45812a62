import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the tracing subsystem, added to `MonitorModule`. */
export function createTracingProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the tracing subsystem that `MonitorModule` exports. */
export function tracingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
