import {
  HealthStatus,
  type HealthCheckFunction,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import type { DeliveryQueue, DeliveryQueueCounts } from './delivery-queue.protocol.js';
import type { DeliverySweeper } from './delivery-sweeper.js';

export interface DeliveryQueueMonitorOptions {
  metrics?: MetricsCollectorProtocol;
  /** Its last sweep is the health check's `orphaned` detail. */
  sweeper?: DeliverySweeper;
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
 * threshold or when the sweeper found orphaned records (`queued`, no job) it
 * could not enqueue again, UNHEALTHY when Redis cannot be read. Detail
 * `orphaned`: what the last sweep found and the totals since start.
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
        const orphans = this.orphans();
        const stranded = orphans?.unrepaired ? orphans.message : undefined;
        return {
          status: backedUp || stranded ? HealthStatus.DEGRADED : HealthStatus.HEALTHY,
          message: [
            backedUp
              ? `delivery queue backed up: ${counts.depth} jobs waiting (threshold ${this.backlogThreshold})`
              : `${counts.depth} jobs waiting`,
            stranded,
          ]
            .filter(Boolean)
            .join('; '),
          ...counts,
          backlogThreshold: this.backlogThreshold,
          ...(orphans ? { orphaned: orphans.detail } : {}),
        };
      } catch (error) {
        return {
          status: HealthStatus.UNHEALTHY,
          message: `delivery queue unreadable: ${(error as Error).message}`,
        };
      }
    };
  }

  /** The sweeper's last result as a health detail; `unrepaired` when orphans are left. */
  private orphans() {
    const sweeper = this.options.sweeper;
    if (!sweeper?.supported) return undefined;
    const last = sweeper.last;
    const total = sweeper.total;
    const left = last ? last.orphaned - last.requeued : 0;
    return {
      unrepaired: left > 0 || last?.error !== undefined,
      message: last?.error
        ? `orphaned-record sweep failed: ${last.error}`
        : `${left} orphaned delivery records (queued, no job) not enqueued again`,
      detail: {
        lastSweep: last && {
          at: last.at.toISOString(),
          checked: last.checked,
          orphaned: last.orphaned,
          requeued: last.requeued,
        },
        found: total.orphaned,
        requeued: total.requeued,
        afterMs: sweeper.afterMs,
      },
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
