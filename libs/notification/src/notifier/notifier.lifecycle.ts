import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { NOTIFICATION_STORE, NOTIFIER_PARTS } from './notifier.constants';
import type { NotifierParts } from './notifier-parts.interface';
import { NotifierService } from './notifier.service';
import { NotifierWorker } from './queue/notifier-worker';
import { TimerNotifierScheduler } from './timing/timer-notifier.scheduler';
import type { NotificationStore } from './records/notification-store.protocol';

const HOUR_MS = 3_600_000;

/**
 * What the notifier runs around the application's life: at module init it
 * registers the channels' backends in reliable delivery and observes settled
 * deliveries (metrics, dead device tokens); at bootstrap it starts the
 * worker of scheduled and deferred dispatches (queued mode, `worker`);
 * hourly it purges old notification records and dead device tokens; at
 * shutdown it lets the worker finish its jobs first.
 */
@Injectable()
export class NotifierLifecycle
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private worker?: NotifierWorker;
  private purgeTimer?: NodeJS.Timeout;
  private readonly stops: Array<() => void> = [];

  constructor(
    @Inject(NOTIFIER_PARTS) private readonly parts: NotifierParts,
    private readonly notifier: NotifierService,
    @Inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
  ) {}

  onModuleInit(): void {
    const { delivery, channels, metrics, deviceTokens } = this.parts;
    channels.registerIn(delivery);
    this.stops.push(delivery.engine.observe(metrics), delivery.engine.observe(deviceTokens));
    this.purgeTimer = setInterval(() => void this.purge().catch(() => undefined), HOUR_MS);
    this.purgeTimer.unref();
  }

  onApplicationBootstrap(): void {
    const { setup, scheduler, tracer } = this.parts;
    if (scheduler instanceof TimerNotifierScheduler)
      scheduler.start((job) => this.notifier.runJob(job));
    if (!scheduler || !setup.queue || !setup.worker) return;
    this.worker = new NotifierWorker((job) => this.notifier.runJob(job), {
      ...setup.queue,
      concurrency: setup.concurrency,
      tracer,
    });
  }

  /** Deletes settled notification records and dead tokens older than `retention_days`. */
  async purge(now = Date.now()): Promise<number> {
    const before = new Date(now - this.parts.setup.retentionDays * 24 * HOUR_MS);
    const [records, tokens] = await Promise.all([
      this.store.purge(before),
      this.parts.deviceTokens.store.purgeDead(before),
    ]);
    return records + tokens;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.stops.splice(0).forEach((stop) => stop());
    await this.worker?.close();
    await this.parts.scheduler?.close();
  }
}
