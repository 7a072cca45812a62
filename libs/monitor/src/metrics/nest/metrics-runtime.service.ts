import cluster from 'node:cluster';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, ModuleRef } from '@nestjs/core';
import {
  METRIC_RECORDED_EVENT,
  type MetricRecordedEvent,
  type MonitorConfig,
} from '@herald/contracts';
import { isOptionalAvailable, requireOptional } from '@herald/contracts/internal';
import { METRICS_PARTS, MONITOR_CONFIG } from '../../monitor.constants.js';
import { bindMeteredCollector, METERED_CLASS } from '../../decorators/metered.decorator.js';
import { CollectorMetricsBackend } from '../backends/collector-metrics.backend.js';
import type { MetricsParts } from '../backends/create-metrics-backend.js';
import { NoopMetricsBackend } from '../backends/noop-metrics.backend.js';
import { PrometheusMetricsBackend } from '../backends/prometheus-metrics.backend.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { serveClusterWorkerMetrics } from '../cluster/cluster-metrics.worker.js';
import { MetricsScrapeService } from './metrics-scrape.service.js';

type Emitter = {
  listenerCount(event: string): number;
  emit(event: string, payload: unknown): boolean;
};

/**
 * Starts and stops the metrics backend with the application, gives
 * `@Metered()` instances their collector, and emits `METRIC_RECORDED_EVENT`
 * only when `@nestjs/event-emitter` is present (nothing is installed on the
 * hot path otherwise; with it, each record checks `listenerCount` first).
 * In a `node:cluster` worker it answers the primary's
 * `ClusterMetricsAggregator` with the application's metrics.
 */
@Injectable()
export class MetricsRuntime implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('HeraldMetrics');
  private stopClusterAnswers: (() => void) | undefined;

  constructor(
    @Inject(METRICS_PARTS) private readonly parts: MetricsParts,
    @Inject(MONITOR_CONFIG) private readonly config: MonitorConfig,
    private readonly moduleRef: ModuleRef,
    private readonly discovery: DiscoveryService,
    private readonly scrape: MetricsScrapeService,
  ) {}

  async onModuleInit(): Promise<void> {
    const { backend, collector } = this.parts;
    if (backend instanceof PrometheusMetricsBackend && this.config.prometheus.storeInDb) {
      const dataSource = this.find<any>('typeorm', 'DataSource');
      if (dataSource) backend.attachDataSource(dataSource);
    }
    if (
      collector instanceof MetricsCollector &&
      !(backend instanceof CollectorMetricsBackend || backend instanceof NoopMetricsBackend)
    ) {
      this.logger.warn(
        `The metrics backend ${backend.constructor?.name ?? 'given'} does not extend CollectorMetricsBackend, so the application's metrics (METRICS_COLLECTOR) do not reach it; extend CollectorMetricsBackend and export what this.collector holds.`,
      );
    }
    await backend.initialize();
    if (collector instanceof MetricsCollector) {
      const emitter = this.find<Emitter>('@nestjs/event-emitter', 'EventEmitter2');
      if (emitter) {
        collector.setRecordSink((metricName, value) => {
          if (emitter.listenerCount(METRIC_RECORDED_EVENT) > 0) {
            emitter.emit(METRIC_RECORDED_EVENT, {
              metricName,
              value,
            } satisfies MetricRecordedEvent);
          }
        });
      }
    }
    if (cluster.isWorker && collector instanceof MetricsCollector && this.config.metrics.enabled) {
      this.stopClusterAnswers = serveClusterWorkerMetrics(this.scrape);
    }
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance = wrapper.instance as object | undefined;
      const type = wrapper.metatype as object | undefined;
      if (
        instance &&
        type &&
        typeof type === 'function' &&
        Reflect.getMetadata(METERED_CLASS, type)
      ) {
        bindMeteredCollector(instance, collector);
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopClusterAnswers?.();
    this.stopClusterAnswers = undefined;
    try {
      await this.parts.backend.shutdown();
    } catch (error) {
      this.logger.warn(`metrics backend shutdown failed: ${(error as Error)?.message ?? error}`);
    }
  }

  /** An instance of an optional package's class from the application, or undefined. */
  private find<T>(pkg: string, exportName: string): T | undefined {
    if (!isOptionalAvailable(pkg)) return undefined;
    try {
      const token = requireOptional<Record<string, any>>(pkg, 'metrics')[exportName];
      return token ? (this.moduleRef.get(token, { strict: false }) as T) : undefined;
    } catch {
      return undefined;
    }
  }
}
