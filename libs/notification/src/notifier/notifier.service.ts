import { createHash, randomUUID } from 'node:crypto';
import type {
  NotifierProtocol,
  NotifyOptions,
  NotifyResultLike,
  TracerProtocol,
} from '@herald/contracts';
import type { DeliveryRecord, DeliveryStatus } from '../delivery/records/delivery-record';
import type { DeliveryService } from '../delivery/reliable/delivery.service';
import { runTraced } from '../utils/run-traced.util';
import { NotifierConfigError } from './errors/notifier-config.error';
import { NotifyArgumentError } from './errors/notify-argument.error';
import type { NotificationDescriptor } from './gates/notification-gate.interface';
import type { Notification } from './notification';
import type { NotifierMetrics } from './notifier.metrics';
import type {
  DispatchedDelivery,
  NotificationDispatcher,
} from './planning/notification-dispatcher';
import type { NotificationPlanner } from './planning/notification-planner';
import type { NotifierJob, NotifierScheduler } from './queue/notifier-job.interface';
import type { NotifyTarget } from './recipients/recipient.interface';
import type {
  NotificationListQuery,
  NotificationRecord,
  NotificationStatus,
} from './records/notification-record';
import type { NotificationStore } from './records/notification-store.protocol';
import type { NotifierTiming } from './timing/notifier-timing';
import type { EscalationStep } from './timing/timing-rules';

/** What `notify()` answers. */
export interface NotifyResult extends NotifyResultLike {
  notificationId: string;
  /** `dispatched` (deliveries queued or, inline, done), or `scheduled`; a duplicate's current status. */
  status: NotificationStatus;
  /** The idempotency key was used before: this call sent nothing and answers the first call's id. */
  duplicate: boolean;
  /** When a scheduled notification is due. */
  sendAt?: Date;
  /** One entry per delivery (a push per device token); empty for scheduled and duplicate calls. */
  deliveries: DispatchedDelivery[];
}

/** A notification and how its deliveries stand. */
export interface NotificationStatusReport {
  notification: NotificationRecord;
  /** Delivery records by status. */
  deliveries: Record<DeliveryStatus, number>;
}

export interface NotifierServiceDeps {
  store: NotificationStore;
  delivery: DeliveryService;
  planner: NotificationPlanner;
  dispatcher: NotificationDispatcher;
  metrics: NotifierMetrics;
  scheduler?: NotifierScheduler;
  tracer?: TracerProtocol;
  /** Escalation, cancellation of waiting parts, digest flushes. */
  timing?: NotifierTiming;
}

/** The id of the notification an idempotency key stands for: the same in every process. */
export function notificationIdFor(idempotencyKey: string): string {
  return `ntf_${createHash('sha256').update(`notify\u0000${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/** `delayMs` / `sendAt` as an epoch-ms due time, `undefined` for now; typed errors for bad values. */
function dueTimeOf(options: NotifyOptions, now: number): number | undefined {
  const { delayMs, sendAt, idempotencyKey } = options;
  if (
    idempotencyKey !== undefined &&
    (typeof idempotencyKey !== 'string' || idempotencyKey === '' || idempotencyKey.length > 200)
  ) {
    throw new NotifyArgumentError(
      'options.idempotencyKey',
      `must be a non-empty string of at most 200 characters (got ${JSON.stringify(idempotencyKey)})`,
    );
  }
  if (delayMs !== undefined && sendAt !== undefined)
    throw new NotifyArgumentError('options', 'takes delayMs or sendAt, not both');
  if (delayMs !== undefined) {
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
      throw new NotifyArgumentError(
        'options.delayMs',
        `must be a finite number of milliseconds, 0 or more (got ${String(delayMs)})`,
      );
    return delayMs === 0 ? undefined : now + delayMs;
  }
  if (sendAt !== undefined) {
    const at = sendAt instanceof Date ? sendAt.getTime() : sendAt;
    if (typeof at !== 'number' || !Number.isFinite(at))
      throw new NotifyArgumentError(
        'options.sendAt',
        `must be a valid Date or epoch milliseconds (got ${String(sendAt)})`,
      );
    return at > now ? at : undefined;
  }
  return undefined;
}

/**
 * Sends a notification to people (Laravel's `Notification::send`, Novu's
 * trigger): `notify(recipients, notification, options?)`. For each recipient
 * the notification's `via()` picks channels; each channel is rendered, passed
 * through the gates (preferences, quiet hours, rate limits...), and sent
 * through reliable delivery (a record per send, retries, failover, the
 * queue). One notification id per call; every delivery record carries it.
 * Injected by class or with `@InjectNotifier()`.
 *
 * Bad input (an unknown channel in `via()`, a channel without render method,
 * a bad option) throws before anything is stored or enqueued. A recipient
 * without an address for a channel is recorded `skipped` with the reason,
 * never thrown. Queued (`notification.delivery.queue: bullmq`), `notify()`
 * answers once the records and jobs are written; inline, once every delivery
 * has ended (a failure is on its record, not thrown).
 *
 * @example
 * const { notificationId } = await notifier.notify(user, new OrderShipped(order), { idempotencyKey: `shipped:${order.id}` });
 */
export class NotifierService implements NotifierProtocol {
  constructor(private readonly deps: NotifierServiceDeps) {}

  /** `inline` or `bullmq`, as reliable delivery runs. */
  get mode(): 'inline' | 'bullmq' {
    return this.deps.delivery.mode;
  }

  async notify(
    recipients: NotifyTarget | readonly NotifyTarget[],
    notification: Notification<any>,
    options: NotifyOptions = {},
  ): Promise<NotifyResult> {
    const started = performance.now();
    if (!notification || typeof (notification as { via?: unknown }).via !== 'function') {
      throw new NotifyArgumentError(
        'notification',
        'must be a Notification (an object with a via(recipient) method)',
      );
    }
    if (options === null || typeof options !== 'object')
      throw new NotifyArgumentError('options', `must be an object (got ${String(options)})`);
    const targets = Array.isArray(recipients) ? recipients : [recipients as NotifyTarget];
    if (targets.length === 0)
      throw new NotifyArgumentError('recipients', 'is empty; pass at least one recipient');
    const dueAt = dueTimeOf(options, Date.now());
    if (dueAt !== undefined && !this.deps.scheduler) {
      throw new NotifierConfigError([
        {
          path: 'notification.delivery.queue',
          message:
            'notify() with delayMs or sendAt needs the BullMQ queue (delayed jobs survive restarts; ' +
            'timers in the caller would not); set queue: bullmq, or NotifierModule option inlineTimers: true (got inline)',
        },
      ]);
    }
    const descriptor: NotificationDescriptor = {
      id: options.idempotencyKey
        ? notificationIdFor(options.idempotencyKey)
        : `ntf_${randomUUID().replace(/-/g, '')}`,
      type: typeof notification.type === 'string' ? notification.type : 'Notification',
      category: typeof notification.category === 'string' ? notification.category : 'general',
      critical: notification.critical === true,
    };
    const timing = this.deps.timing?.rules(notification, descriptor.type);
    if (timing) Object.assign(descriptor, timing.rules);
    return runTraced(
      this.deps.tracer,
      `notify ${descriptor.type}`,
      {
        attributes: {
          'herald.notification.id': descriptor.id,
          'herald.notification.type': descriptor.type,
          'herald.notification.category': descriptor.category,
          'herald.notification.recipients': targets.length,
        },
      },
      async (span) => {
        const result = await this.run(
          targets,
          notification,
          descriptor,
          options,
          dueAt,
          timing?.escalation ?? [],
        );
        span?.setAttribute('herald.notification.deliveries', result.deliveries.length);
        if (result.duplicate) span?.setAttribute('herald.notification.duplicate', true);
        else this.deps.metrics.duration(descriptor.type, (performance.now() - started) / 1000);
        return result;
      },
    );
  }

  /**
   * Cancels what a notification has not sent yet: a scheduled one entirely;
   * a dispatched one's escalation steps still waiting and deliveries still
   * queued (recorded `suppressed`, reason `cancelled`; deferred deliveries
   * are dropped when due). The record becomes `cancelled`. `false` when
   * nothing was left to cancel (unknown, all sent, cancelled before).
   */
  async cancel(notificationId: string): Promise<boolean> {
    const { store, scheduler, timing, metrics } = this.deps;
    const cancelled = await store.transition(notificationId, ['scheduled'], 'cancelled');
    if (cancelled) {
      await scheduler?.remove(notificationId);
      await timing?.removeEscalations(notificationId);
      return true;
    }
    const record = await store.get(notificationId);
    if (!timing || record?.status !== 'dispatched') return false;
    const parts = await timing.cancelPending(record);
    if (parts.length === 0) return false;
    for (const channel of parts) metrics.outcome(record.type, channel, 'cancelled');
    return (await store.transition(notificationId, ['dispatched'], 'cancelled')) !== undefined;
  }

  /** The notification record. */
  get(notificationId: string): Promise<NotificationRecord | undefined> {
    return this.deps.store.get(notificationId);
  }

  /** The notification and its delivery records counted by status. */
  async status(notificationId: string): Promise<NotificationStatusReport | undefined> {
    const notification = await this.deps.store.get(notificationId);
    if (!notification) return undefined;
    const deliveries = await this.deps.delivery.engine.store.countByStatus({ notificationId });
    return { notification, deliveries };
  }

  /** The delivery records of a notification, newest first. */
  deliveries(notificationId: string, limit = 500): Promise<DeliveryRecord[]> {
    return this.deps.delivery.engine.store.list({ notificationId, limit });
  }

  /** Notification records, newest first. */
  list(query?: NotificationListQuery): Promise<NotificationRecord[]> {
    return this.deps.store.list(query);
  }

  /**
   * Runs a due job of the notifier queue: the gates again, then the sends.
   * A cancelled notification is dropped. (Called by `NotifierWorker`.)
   */
  async runJob(job: NotifierJob): Promise<DispatchedDelivery[]> {
    const { id } = job.plan.notification;
    const { timing } = this.deps;
    if (job.kind === 'digest') return this.runDigest(job);
    if (job.kind === 'scheduled') {
      const taken = await this.deps.store.transition(id, ['scheduled', 'pending'], 'pending');
      if (!taken) return [];
    } else if ((await this.deps.store.get(id))?.status === 'cancelled') return [];
    const plan = job.kind === 'escalation' && timing ? await timing.stillUnread(job) : job.plan;
    if (plan.recipients.length === 0) return [];
    const decision = await this.deps.dispatcher.decide(plan, 'due');
    const deliveries = await this.deps.dispatcher.commit(decision);
    if (job.kind === 'scheduled')
      await this.deps.store.transition(id, ['pending'], 'dispatched', {
        deliveries: deliveries.length,
      });
    return deliveries;
  }

  /** Dispatches a digest window as a notification of its own (id derived from the window). */
  private async runDigest(job: NotifierJob): Promise<DispatchedDelivery[]> {
    const flush = await this.deps.timing?.flushDigest(job);
    if (!flush) return [];
    const { notification } = flush.plan;
    const deliveries = await this.deps.dispatcher.commit(
      await this.deps.dispatcher.decide(flush.plan, 'due'),
    );
    const { created } = await this.deps.store.create({
      ...notification,
      status: 'dispatched',
      recipients: 1,
      deliveries: deliveries.length,
    });
    if (created) this.deps.metrics.notified(notification.type, notification.category);
    await flush.done();
    return deliveries;
  }

  private async run(
    targets: readonly NotifyTarget[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    options: NotifyOptions,
    dueAt: number | undefined,
    escalation: readonly EscalationStep[],
  ): Promise<NotifyResult> {
    const { store, planner, dispatcher, metrics } = this.deps;
    if (options.idempotencyKey) {
      const seen = await store.get(descriptor.id);
      if (seen && seen.status !== 'pending') return duplicateOf(seen);
    }
    const plan = await planner.plan(targets, notification, descriptor);
    this.deps.timing?.tagInbox(plan, escalation);
    const base = {
      ...descriptor,
      recipients: targets.length,
      idempotencyKey: options.idempotencyKey,
    };
    if (dueAt !== undefined) {
      const { record, created } = await store.create({
        ...base,
        status: 'scheduled',
        deliveries: 0,
        sendAt: new Date(dueAt),
      });
      if (!created) return duplicateOf(record);
      metrics.notified(descriptor.type, descriptor.category);
      await this.deps.scheduler!.schedule(descriptor.id, { kind: 'scheduled', plan }, dueAt);
      await this.deps.timing?.escalate(targets, notification, descriptor, escalation, dueAt);
      return {
        notificationId: descriptor.id,
        status: 'scheduled',
        duplicate: false,
        sendAt: record.sendAt,
        deliveries: [],
      };
    }
    const decision = await dispatcher.decide(plan, 'notify');
    // The deliveries first, then the record: a call that fails halfway leaves no record, so
    // the same call again (same idempotency key) finishes it; delivery ids are stable, so
    // what was written already is not sent twice.
    const deliveries = await dispatcher.commit(decision);
    const { created } = await store.create({
      ...base,
      status: 'dispatched',
      deliveries: deliveries.length,
    });
    if (created) {
      metrics.notified(descriptor.type, descriptor.category);
      await this.deps.timing?.escalate(targets, notification, descriptor, escalation, Date.now());
    }
    return {
      notificationId: descriptor.id,
      status: 'dispatched',
      duplicate: !created,
      deliveries,
    };
  }
}

function duplicateOf(record: NotificationRecord): NotifyResult {
  return {
    notificationId: record.id,
    status: record.status,
    duplicate: true,
    sendAt: record.sendAt,
    deliveries: [],
  };
}
