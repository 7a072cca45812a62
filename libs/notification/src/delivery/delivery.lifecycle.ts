import {
  Inject,
  Injectable,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import {
  HEALTH_CHECK_REGISTRY,
  HealthCheckCategory,
  METRICS_COLLECTOR,
  type HealthCheckRegistryProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';
import { DELIVERY_CONFIG, DELIVERY_QUEUE_HEALTH_CHECK } from './delivery.constants.js';
import { workerTimingFrom, type DeliveryConfig } from './delivery-settings.util.js';
import { BullmqDeliveryQueue } from './queue/bullmq-delivery.queue.js';
import { DeliveryQueueMonitor } from './queue/delivery-queue.monitor.js';
import { DeliverySweeper } from './queue/delivery-sweeper.js';
import { DeliveryWorker } from './queue/delivery-worker.js';
import { DeliveryService } from './reliable/delivery.service.js';

const HOUR_MS = 3_600_000;

/**
 * Starts and stops what reliable delivery runs in the background: queue
 * workers (`worker: true`, at bootstrap), the queue gauges and health check, the
 * sweeper of orphaned queued records (every `sweep_interval`), and the
 * hourly purge of records older than `retention_days`. Shutdown lets the
 * workers finish the jobs in flight before closing the queue, and does so
 * before `onApplicationShutdown`, where the backend registries close the
 * channels those jobs send through.
 */
@Injectable()
export class DeliveryLifecycle
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private worker?: DeliveryWorker;
  private monitor?: DeliveryQueueMonitor;
  private sweeper?: DeliverySweeper;
  private purgeTimer?: NodeJS.Timeout;

  constructor(
    private readonly service: DeliveryService,
    @Inject(DELIVERY_CONFIG) private readonly config: DeliveryConfig,
    @Optional()
    @Inject(HEALTH_CHECK_REGISTRY)
    private readonly health?: HealthCheckRegistryProtocol,
    @Optional() @Inject(METRICS_COLLECTOR) private readonly metrics?: MetricsCollectorProtocol,
  ) {}

  onModuleInit(): void {
    if (!this.config.enabled) return;
    this.purgeTimer = setInterval(() => void this.purge().catch(() => undefined), HOUR_MS);
    this.purgeTimer.unref();
    const queue = this.service.queue;
    if (!(queue instanceof BullmqDeliveryQueue)) return;
    // every process with the queue sweeps: several sweepers add a job once (its id is the delivery id)
    this.sweeper = new DeliverySweeper(this.service.engine.store, queue, {
      afterMs: this.config.sweepAfter * 1000,
      metrics: this.metrics,
    });
    this.sweeper.start(this.config.sweepInterval * 1000);
    this.monitor = new DeliveryQueueMonitor(queue, {
      metrics: this.metrics,
      backlogThreshold: this.config.backlogThreshold,
      sweeper: this.sweeper,
    });
    this.health?.add(DELIVERY_QUEUE_HEALTH_CHECK, this.monitor.healthCheck(), {
      critical: false,
      category: HealthCheckCategory.READINESS,
    });
    this.monitor.start();
  }

  /** Workers start once every module has registered its backends (`onModuleInit`). */
  onApplicationBootstrap(): void {
    if (!this.config.enabled || !this.config.worker) return;
    if (!(this.service.queue instanceof BullmqDeliveryQueue)) return;
    this.worker = new DeliveryWorker(this.service, {
      redisUrl: this.config.redisUrl,
      queueName: this.config.queueName,
      prefix: this.config.queuePrefix,
      concurrency: this.config.concurrency,
      ...workerTimingFrom(this.config),
    });
  }

  /** Deletes final records older than `retention_days`; returns how many. */
  purge(now = Date.now()): Promise<number> {
    return this.service.engine.store.purge(
      new Date(now - this.config.retentionDays * 24 * HOUR_MS),
    );
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.monitor?.stop();
    await this.sweeper?.stop();
    await this.worker?.close();
    await this.service.engine.store.flush?.();
    await this.service.queue?.close();
  }
}
