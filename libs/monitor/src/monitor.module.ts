import { Module, type DynamicModule } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import type { MonitorConfig } from './config/index.js';
import type { MonitorBuildContext } from './monitor-build-context.js';
import {
  MONITOR_ASYNC_OPTIONS_TYPE,
  MONITOR_OPTIONS_TYPE,
  MonitorConfigurableModule,
  type MonitorModuleOptions,
} from './monitor.module-definition.js';
import { createMonitorExports, createMonitorProviders } from './monitor.providers.js';

function complete(base: DynamicModule, ctx: MonitorBuildContext): DynamicModule {
  return {
    ...base,
    imports: [...(base.imports ?? []), DiscoveryModule],
    providers: [...(base.providers ?? []), ...createMonitorProviders(ctx)],
    exports: [...(base.exports ?? []), ...createMonitorExports(ctx)],
  };
}

/**
 * Wires Herald monitoring: metrics, tracing (every HTTP request traced, child
 * of its incoming `traceparent`), health checks, alerts and error tracking.
 * Global: its bindings of `METRICS_COLLECTOR`, `TRACER` and
 * `HEALTH_CHECK_REGISTRY` win over `ObservabilityModule`'s no-op stand-ins
 * whatever the import order.
 *
 * `forRoot` / `forRootAsync` are the Nest-style entry points; `configure`,
 * `configureAsync`, `withSlo` and `stub` are the same module under the names
 * of Herald's specification, built from the same provider factories.
 *
 * @example MonitorModule.forRoot({ config: { backendType: 'prometheus' } })
 * @example MonitorModule.forRootAsync({ inject: [ConfigService], useFactory: (c: ConfigService) => ({ config: c.get('monitor') }) })
 */
@Module({})
export class MonitorModule extends MonitorConfigurableModule {
  /**
   * Options in code. Without a `config`, YAML and env alone (read when the
   * application bootstraps, not while your `AppModule` is evaluated).
   */
  static forRoot(options: typeof MONITOR_OPTIONS_TYPE = {}): DynamicModule {
    return complete(super.forRoot(options), { stub: false, slo: Boolean(options.slo) });
  }

  /** Options from a factory (`imports`, `inject`, `useFactory`), e.g. from `ConfigService`; `slo` beside them. */
  static forRootAsync(options: typeof MONITOR_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRootAsync(options), { stub: false, slo: Boolean(options.slo) });
  }

  /** The specification's name for `forRoot` (`configure({ backend?, config? })`): the same module. */
  static configure(options: typeof MONITOR_OPTIONS_TYPE = {}): DynamicModule {
    return MonitorModule.forRoot(options);
  }

  /** Alias of `forRootAsync`, beside `configure`. */
  static configureAsync(options: typeof MONITOR_ASYNC_OPTIONS_TYPE): DynamicModule {
    return MonitorModule.forRootAsync(options);
  }

  /** `forRoot` that also provides and exports `SLOMonitor` (the specification's `withSlo`). */
  static withSlo(options: MonitorModuleOptions = {}): DynamicModule {
    return MonitorModule.forRoot({ ...options, slo: true });
  }

  /**
   * For tests: no-op metrics and tracing (no HTTP interceptor), a logging
   * alert dispatcher and a no-op error tracker.
   */
  static stub(config?: MonitorConfig | Record<string, unknown>): DynamicModule {
    return complete(super.forRoot({ config }), { stub: true, slo: false });
  }
}
