import type { Provider } from '@nestjs/common';
import { loadHeraldConfig } from '@herald/contracts';
import { MonitorConfig } from './config/index.js';
import type { MonitorBuildContext } from './monitor-build-context.js';
import { MONITOR_CONFIG } from './monitor.constants.js';
import { MONITOR_MODULE_OPTIONS, type MonitorModuleOptions } from './monitor.module-definition.js';
import { createMetricsProviders, metricsExports } from './metrics/metrics.providers.js';
import { createTracingProviders, tracingExports } from './tracing/tracing.providers.js';
import { createHealthProviders, healthExports } from './health/health.providers.js';
import { createAlertingProviders, alertingExports } from './alerts/alerting.providers.js';
import {
  createErrorTrackingProviders,
  errorTrackingExports,
} from './error-tracking/error-tracking.providers.js';
import { createSloProviders, sloExports } from './slo/slo.providers.js';

type ExportToken = string | symbol | (abstract new (...args: any[]) => unknown);

/**
 * `MonitorModule.configure({ config })`: a `MonitorConfig` instance is used as
 * is; a plain object is laid over YAML and env (code wins); nothing means
 * YAML and env alone.
 */
export function resolveMonitorConfig(config?: MonitorModuleOptions['config']): MonitorConfig {
  if (config instanceof MonitorConfig) return config.validate('monitor');
  return loadHeraldConfig({ overrides: config ? { monitor: config } : undefined }).monitor;
}

/** Every provider of the monitor module: the config, then each subsystem's own. */
export function createMonitorProviders(ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: MONITOR_CONFIG,
      useFactory: (options: MonitorModuleOptions) => resolveMonitorConfig(options.config),
      inject: [MONITOR_MODULE_OPTIONS],
    },
    ...createMetricsProviders(ctx),
    ...createTracingProviders(ctx),
    ...createHealthProviders(ctx),
    ...createAlertingProviders(ctx),
    ...createErrorTrackingProviders(ctx),
    ...(ctx.slo ? createSloProviders(ctx) : []),
  ];
}

/** What the (global) monitor module exports. */
export function createMonitorExports(ctx: MonitorBuildContext): ExportToken[] {
  return [
    MONITOR_CONFIG,
    ...metricsExports(ctx),
    ...tracingExports(ctx),
    ...healthExports(ctx),
    ...alertingExports(ctx),
    ...errorTrackingExports(ctx),
    ...(ctx.slo ? sloExports(ctx) : []),
  ];
}
