import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { MonitorConfig } from './config';
import type { MonitorBuildContext } from './monitor-build-context';
import {
  MONITOR_ASYNC_OPTIONS_TYPE,
  MONITOR_OPTIONS_TYPE,
  MonitorConfigurableModule,
  type MonitorModuleOptions,
} from './monitor.module-definition';
import { createMonitorExports, createMonitorProviders } from './monitor.providers';

function complete(base: DynamicModule, ctx: MonitorBuildContext): DynamicModule {
  return {
    ...base,
    global: true,
    imports: [...(base.imports ?? []), DiscoveryModule],
    providers: [...(base.providers ?? []), ...createMonitorProviders(ctx)],
    exports: [...(base.exports ?? []), ...createMonitorExports(ctx)],
  };
}

/**
 * Wires Herald monitoring. Global: its bindings of `METRICS_COLLECTOR`,
 * `TRACER` and `HEALTH_CHECK_REGISTRY` win over `ObservabilityModule`'s no-op
 * stand-ins whatever the import order.
 *
 * @example MonitorModule.configure({ config: { backendType: 'prometheus' } })
 */
@Module({})
export class MonitorModule extends MonitorConfigurableModule {
  /** `configure({ backend?, config? })`; the default backend is the no-op one. */
  static configure(options: typeof MONITOR_OPTIONS_TYPE = {}): DynamicModule {
    return complete(super.configure(options), { stub: false, slo: Boolean(options.slo) });
  }

  /** Options from a factory (`imports`, `inject`, `useFactory`), e.g. from `ConfigService`. */
  static configureAsync(options: typeof MONITOR_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.configureAsync(options), { stub: false, slo: Boolean(options.slo) });
  }

  /** Like `configure()`, and also provides and exports `SLOMonitor`. */
  static withSlo(options: MonitorModuleOptions = {}): DynamicModule {
    return MonitorModule.configure({ ...options, slo: true });
  }

  /** For tests (`stub(config?)`): no-op metrics and tracing, logging dispatcher, no-op error tracker. */
  static stub(config?: MonitorConfig | Record<string, unknown>): DynamicModule {
    return complete(super.configure({ config }), { stub: true, slo: false });
  }
}
