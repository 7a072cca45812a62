import type { Provider } from '@nestjs/common';
import {
  ALERT_DISPATCHER,
  METRICS_COLLECTOR,
  type AlertDispatcherProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import type { MonitorConfig } from '../config/index.js';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { MONITOR_CONFIG } from '../monitor.constants.js';
import { SloEvaluationScheduler } from './slo-evaluation.scheduler.js';
import { parseSloTier } from './slo-tier.enum.js';
import { SLOMonitor } from './slo.monitor.js';

/** An `SLOMonitor` from the `slo` config section, with the SLOs it declares registered. */
export function createSloMonitorFromConfig(
  config: MonitorConfig,
  alertDispatcher?: AlertDispatcherProtocol,
  metricsCollector?: MetricsCollectorProtocol,
): SLOMonitor {
  const monitor = new SLOMonitor({
    maxSamplesPerMetric: config.slo.maxSamplesPerMetric,
    suppressionWindowMs: config.slo.suppressionWindow * 1000,
    alertDispatcher,
    metricsCollector,
  });
  for (const slo of config.slo.slos) {
    monitor.register({
      name: slo.name,
      metric: slo.metric,
      percentile: slo.percentile,
      thresholdMs: slo.thresholdMs,
      windowMs: slo.window * 1000,
      burnRateThreshold: slo.burnRateThreshold,
      description: slo.description,
      tier: parseSloTier(slo.tier),
      owner: slo.owner,
      runbookUrl: slo.runbookUrl,
    });
  }
  return monitor;
}

/** `SLOMonitor` and its periodic evaluation; only built when `ctx.slo` (`withSlo()`, `slo: true`). */
export function createSloProviders(_ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: SLOMonitor,
      useFactory: (
        config: MonitorConfig,
        dispatcher: AlertDispatcherProtocol,
        collector?: MetricsCollectorProtocol,
      ) => createSloMonitorFromConfig(config, dispatcher, collector ?? undefined),
      inject: [MONITOR_CONFIG, ALERT_DISPATCHER, { token: METRICS_COLLECTOR, optional: true }],
    },
    {
      provide: SloEvaluationScheduler,
      useFactory: (config: MonitorConfig, monitor: SLOMonitor) =>
        new SloEvaluationScheduler(
          monitor,
          config.slo.evaluationInterval * 1000,
          config.slo.enabled,
        ),
      inject: [MONITOR_CONFIG, SLOMonitor],
    },
  ];
}

/** Tokens and classes of the slo subsystem that `MonitorModule` exports. */
export function sloExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [SLOMonitor];
}
