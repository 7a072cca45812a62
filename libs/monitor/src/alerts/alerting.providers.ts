import type { Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
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
  return [
    {
      provide: ALERT_DISPATCHER,
      useFactory: (config: MonitorConfig, moduleRef: ModuleRef) =>
        buildAlertDispatcher(ctx.stub ? undefined : config.slo, resolveEmitter(moduleRef)),
      inject: [MONITOR_CONFIG, ModuleRef],
    },
  ];
}

/**
 * The app's `EventEmitter2`, looked up when the dispatcher is built (bootstrap), never
 * while the module is declared: an ES module app's `MonitorModule.forRoot()` runs while
 * its own import of `@nestjs/event-emitter` is still being evaluated, and loading that
 * package then is a cycle Node 20.19.0–20.19.4 refuses (`ERR_REQUIRE_CYCLE_MODULE`).
 */
function resolveEmitter(moduleRef: ModuleRef): AlertEventEmitter | undefined {
  const token = eventEmitterToken();
  if (!token) return undefined;
  try {
    return moduleRef.get(token, { strict: false }) as AlertEventEmitter;
  } catch {
    return undefined; // EventEmitterModule is not imported: nobody listens
  }
}

/** Tokens and classes of the alerts subsystem that `MonitorModule` exports. */
export function alertingExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [ALERT_DISPATCHER];
}
