import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
  type OnModuleInit,
} from '@nestjs/common';
import { HeraldConfigError } from '@herald/contracts';
import { NOTIFICATION_OUTBOX, NOTIFICATION_STORE, NOTIFIER_PARTS } from './notifier.constants.js';
import { OutboxRelay } from './outbox/outbox-relay.js';
import type { OutboxStore } from './outbox/outbox-store.protocol.js';
import type { NotifierParts } from './notifier-parts.interface.js';
import { NotifierService } from './notifier.service.js';
import { NotifierWorker } from './queue/notifier-worker.js';
import { TimerNotifierScheduler } from './timing/timer-notifier.scheduler.js';
import type { NotificationStore } from './records/notification-store.protocol.js';

const HOUR_MS = 3_600_000;

/** Fails at bootstrap, not in every relay poll, when the outbox table is missing. */
async function assertOutboxTable(outbox: OutboxStore): Promise<void> {
  try {
    await outbox.counts();
  } catch (error) {
    throw new HeraldConfigError(
      [
        {
          path: 'NotifierModule.outbox',
          message: `is on but herald_notification_outbox cannot be read (${(error as Error).message}); run NOTIFIER_MIGRATIONS (CreateNotificationOutbox1735200000000) on the application's DataSource`,
        },
      ],
      'NotifierModule cannot start',
    );
  }
}

/**
 * What the notifier runs around the application's life: at module init it
 * registers the channels' backends in reliable delivery and observes settled
 * deliveries (metrics, dead device tokens); at bootstrap it starts the
 * worker of scheduled and deferred dispatches (queued mode, `worker`) and
 * the outbox relay (`outbox`); hourly it purges old notification records,
 * relayed outbox rows and dead device tokens; at shutdown it lets the relay
 * and the worker finish what they hold first.
 */
@Injectable()
export class NotifierLifecycle
  implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown
{
  private worker?: NotifierWorker;
  private relay?: OutboxRelay;
  private purgeTimer?: NodeJS.Timeout;
  private readonly stops: Array<() => void> = [];

  constructor(
    @Inject(NOTIFIER_PARTS) private readonly parts: NotifierParts,
    private readonly notifier: NotifierService,
    @Inject(NOTIFICATION_STORE) private readonly store: NotificationStore,
    @Inject(NOTIFICATION_OUTBOX) private readonly outbox: OutboxStore | null,
  ) {}

  onModuleInit(): void {
    const { delivery, channels, metrics, deviceTokens, webhooks } = this.parts;
    channels.registerIn(delivery);
    this.stops.push(
      delivery.engine.observe(metrics),
      delivery.engine.observe(deviceTokens),
      delivery.engine.observe(webhooks.endpoints),
    );
    this.purgeTimer = setInterval(() => void this.purge().catch(() => undefined), HOUR_MS);
    this.purgeTimer.unref();
  }

  async onApplicationBootstrap(): Promise<void> {
    const { setup, scheduler, tracer } = this.parts;
    if (scheduler instanceof TimerNotifierScheduler)
      scheduler.start((job) => this.notifier.runJob(job));
    if (this.outbox) await assertOutboxTable(this.outbox);
    if (this.outbox && setup.outbox?.relay) {
      this.relay = new OutboxRelay(
        this.outbox,
        (entry) => this.notifier.relay(entry),
        setup.outbox,
      );
      await this.relay.start();
    }
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
    const [records, tokens, outbox] = await Promise.all([
      this.store.purge(before),
      this.parts.deviceTokens.store.purgeDead(before),
      this.outbox ? this.outbox.purge(before) : 0,
    ]);
    return records + tokens + outbox;
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.purgeTimer) clearInterval(this.purgeTimer);
    this.stops.splice(0).forEach((stop) => stop());
    await this.relay?.stop();
    await this.worker?.close();
    await this.parts.scheduler?.close();
    this.parts.webhooks.sender.close();
  }
}
