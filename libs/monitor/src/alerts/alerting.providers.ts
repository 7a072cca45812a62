import type { Provider } from '@nestjs/common';
import { ALERT_DISPATCHER } from '@herald/contracts';
import type { MonitorConfig } from '../config/index.js';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { MONITOR_CONFIG } from '../monitor.constants.js';
import type { AlertEventEmitter } from './alert-dispatcher.base.js';
import { buildAlertDispatcher } from './build-alert-dispatcher.util.js';
import { eventEmitterToken } from './event-emitter.util.js';

/**
 * `ALERT_DISPATCHER`: the logging dispatcher (always in `stub()`), or the
 * tier router when `slo.alertmanager_url` is set. When `@nestjs/event-emitter`'s
 * `EventEmitterModule` is imported, every dispatched alert emits `ALERT_FIRED_EVENT`.
 */
export function createAlertingProviders(ctx: MonitorBuildContext): Provider[] {
  const emitterToken = eventEmitterToken();
  return [
    {
      provide: ALERT_DISPATCHER,
      useFactory: (config: MonitorConfig, emitter?: AlertEventEmitter) =>
        buildAlertDispatcher(ctx.stub ? undefined : config.slo, emitter ?? undefined),
      inject: [MONITOR_CONFIG, ...(emitterToken ? [{ token: emitterToken, optional: true }] : [])],
    },
  ];
}

/** Tokens and classes of the alerts subsystem that `MonitorModule` exports. */
export function alertingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [ALERT_DISPATCHER];
}
