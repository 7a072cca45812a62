import type { Provider } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { HEALTH_CHECK_REGISTRY } from '@herald/contracts';
import {
  getPriorityToken,
  NoopHealthCheckRegistry,
  provideWithPriority,
} from '@herald/observability';
import type { MonitorConfig } from '../config/index.js';
import type { MonitorBuildContext } from '../monitor-build-context.js';
import { MONITOR_CONFIG } from '../monitor.constants.js';
import { HealthCheckRunner } from './health-check-runner.js';
import { HealthCheckerExplorer } from './health-checker.explorer.js';
import { HealthCheckerRegistry } from './health-checker-registry.js';

/**
 * Providers of the health subsystem: one `HealthCheckerRegistry` per module
 * (settings from `HealthConfig`: `timeout`, `cache_ttl`, `checks`) and its
 * `default` runner, the one runner of the application: injectable by class as
 * `HealthCheckRunner` and bound as `HEALTH_CHECK_REGISTRY` with priority over
 * the no-op stand-in (the no-op registry itself in `stub()`); plus the
 * explorer of `@HealthChecker()` methods. The registry is cleaned up when the
 * application closes.
 */
export function createHealthProviders(ctx: MonitorBuildContext): Provider[] {
  return [
    {
      provide: HealthCheckerRegistry,
      useFactory: (config: MonitorConfig) =>
        new HealthCheckerRegistry({
          cacheTtlMs: config.health.cacheTtl * 1000,
          checkTimeoutMs: config.health.timeout * 1000,
          only: config.health.checks,
        }),
      inject: [MONITOR_CONFIG],
    },
    {
      provide: HealthCheckRunner,
      useFactory: (registry: HealthCheckerRegistry) => registry.getOrCreate('default'),
      inject: [HealthCheckerRegistry],
    },
    ...provideWithPriority({
      provide: HEALTH_CHECK_REGISTRY,
      useFactory: (runner: HealthCheckRunner) =>
        ctx.stub ? new NoopHealthCheckRegistry() : runner,
      inject: [HealthCheckRunner],
    }),
    DiscoveryService,
    MetadataScanner,
    HealthCheckerExplorer,
  ];
}

/** Tokens and classes of the health subsystem that `MonitorModule` exports. */
export function healthExports(
  _ctx: MonitorBuildContext,
): Array<string | symbol | (abstract new (...args: any[]) => unknown)> {
  return [
    HEALTH_CHECK_REGISTRY,
    getPriorityToken(HEALTH_CHECK_REGISTRY),
    HealthCheckerRegistry,
    HealthCheckRunner,
  ];
}
