import type { Provider } from '@nestjs/common';
import type { MonitorBuildContext } from '../monitor-build-context';

/** Providers of the metrics subsystem, added to `MonitorModule`. */
export function createMetricsProviders(_ctx: MonitorBuildContext): Provider[] {
  return [];
}

/** Tokens and classes of the metrics subsystem that `MonitorModule` exports. */
export function metricsExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [];
}
