import {
  HealthStatus,
  type HealthCheckFunction,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import type { DeliveryQueue, DeliveryQueueCounts } from './delivery-queue.protocol.js';

export interface DeliveryQueueMonitorOptions {
  metrics?: MetricsCollectorProtocol;
  /** Depth (waiting + delayed jobs) above which health turns DEGRADED. @default 1000 */
  backlogThreshold?: number;
}

/** Gauge names published by `DeliveryQueueMonitor`. */
export const DELIVERY_QUEUE_METRICS = {
  depth: 'herald_delivery_queue_depth',
  inFlight: 'herald_delivery_in_flight',
  dead: 'herald_delivery_dead',
} as const;

/**
 * Reads the queue's counts and publishes them as gauges through
 * `METRICS_COLLECTOR` (depth, in flight, dead), and answers the
 * `notification.delivery.queue` health check: DEGRADED past the backlog
 * threshold, UNHEALTHY when Redis cannot be read.
 */
export class DeliveryQueueMonitor {
  readonly backlogThreshold: number;
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly queue: DeliveryQueue,
    private readonly options: DeliveryQueueMonitorOptions = {},
  ) {
    this.backlogThreshold = options.backlogThreshold ?? 1000;
  }

  /** Reads the counts and sets the gauges. */
  async refresh(): Promise<DeliveryQueueCounts & { depth: number }> {
    const counts = await this.queue.counts();
    const depth = counts.waiting + counts.delayed;
    const metrics = this.options.metrics;
    metrics?.gauge(DELIVERY_QUEUE_METRICS.depth, depth);
    metrics?.gauge(DELIVERY_QUEUE_METRICS.inFlight, counts.active);
    metrics?.gauge(DELIVERY_QUEUE_METRICS.dead, counts.failed);
    return { ...counts, depth };
  }

  /** A check for `HEALTH_CHECK_REGISTRY.add('notification.delivery.queue', check)`. */
  healthCheck(): HealthCheckFunction {
    return async () => {
      try {
        const counts = await this.refresh();
        const backedUp = counts.depth > this.backlogThreshold;
        return {
          status: backedUp ? HealthStatus.DEGRADED : HealthStatus.HEALTHY,
          message: backedUp
            ? `delivery queue backed up: ${counts.depth} jobs waiting (threshold ${this.backlogThreshold})`
            : `${counts.depth} jobs waiting`,
          ...counts,
          backlogThreshold: this.backlogThreshold,
        };
      } catch (error) {
        return {
          status: HealthStatus.UNHEALTHY,
          message: `delivery queue unreadable: ${(error as Error).message}`,
        };
      }
    };
  }

  /** Refreshes the gauges every `intervalMs` (unref'd timer) until `stop()`. */
  start(intervalMs = 5000): void {
    this.stop();
    this.timer = setInterval(() => void this.refresh().catch(() => undefined), intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
