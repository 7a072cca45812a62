import { randomUUID } from 'node:crypto';
import type { NotifierProtocol, NotifyOptions, TracerProtocol } from '@herald/contracts';
import type { DeliveryRecord, DeliveryStatus } from '../delivery/records/delivery-record.js';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { runTraced } from '../utils/run-traced.util.js';
import { NotifierConfigError } from './errors/notifier-config.error.js';
import { NotifyArgumentError } from './errors/notify-argument.error.js';
import type { NotificationDescriptor } from './gates/notification-gate.interface.js';
import type { Notification } from './notification.js';
import type { NotifierMetrics } from './notifier.metrics.js';
import {
  checkLabel,
  defaultPreferencesOf,
  dueTimeOf,
  notificationIdFor,
} from './notify-arguments.util.js';
import type { OutboxEntry } from './outbox/outbox-entry.js';
import type { NotifierTransaction } from './outbox/notifier-transaction.js';
import type { DispatchedDelivery } from './pipeline/dispatch.stage.js';
import type { NotifierPipeline } from './pipeline/notifier.pipeline.js';
import type { NotifyResult } from './pipeline/notify-call.interface.js';
import type { NotifierJob, NotifierScheduler } from './queue/notifier-job.interface.js';
import type { NotifyTarget } from './recipients/recipient.interface.js';
import type { NotificationListQuery, NotificationRecord } from './records/notification-record.js';
import type { NotificationStore } from './records/notification-store.protocol.js';
import type { NotifierTiming } from './timing/notifier-timing.js';

import type { TopicFanout } from './topics/topic-fanout.js';
import { topicOf } from './topics/topic-recipient.js';

export type { NotifyResult } from './pipeline/notify-call.interface.js';
export { notificationIdFor } from './notify-arguments.util.js';

/** Options of `NotifierService.notify()`. */
export interface NotifierNotifyOptions extends NotifyOptions {
  /**
   * Send only if this TypeORM transaction commits (the `EntityManager` of
   * `dataSource.transaction(...)`, or a `QueryRunner` after
   * `startTransaction()`): the notification is written to the outbox in the
   * transaction and the relay sends it after the commit; a rollback sends
   * nothing. Needs `NotifierModule` option `outbox` and the same
   * `DataSource` as the notifier's records. `notify()` then answers status
   * `pending` and no deliveries.
   */
  transaction?: NotifierTransaction;
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
  /** resolve → plan → gates → timing → dispatch */
  pipeline: NotifierPipeline;
  metrics: NotifierMetrics;
  scheduler?: NotifierScheduler;
  tracer?: TracerProtocol;
  /** Escalation, cancellation of waiting parts. */
  timing?: NotifierTiming;
  /** `notify(topic(key), ...)`: streams the topic's subscribers through the pipeline, page by page. */
  topics?: TopicFanout;
}

/**
 * Sends a notification to people (Laravel's `Notification::send`, Novu's
 * trigger): `notify(recipients, notification, options?)`. For each recipient
 * the notification's `via()` picks channels; each channel is rendered, passed
 * through the gates (preferences, quiet hours, rate limits...), and sent
 * through reliable delivery (a record per send, retries, failover, the
 * queue). The service checks the call and hands it to the pipeline
 * (`pipeline/`: resolve recipients → plan → gates → timing → dispatch). One notification id per call; every delivery record carries it.
 * Injected by class or with `@InjectNotifier()`.
 *
 * Bad input (an unknown channel in `via()`, a channel without render method,
 * a bad option) throws before anything is stored or enqueued. A recipient
 * without an address for a channel is recorded `skipped` with the reason,
 * never thrown. Queued (`notification.delivery.queue: bullmq`), `notify()`
 * answers once the records and jobs are written; inline, once every delivery
 * has ended (a failure is on its record, not thrown). Inside a TypeORM
 * transaction, `{ transaction: manager }` writes the notification to the
 * outbox in that transaction and sends it after the commit (`outbox` option).
 *
 * @example
 * const { notificationId } = await notifier.notify(user, new OrderShipped(order), { idempotencyKey: `shipped:${order.id}` });
 * @example
 * await dataSource.transaction(async (manager) => {
 *   await manager.save(order);
 *   await notifier.notify(user, new OrderPlaced(order), { transaction: manager });
 * });
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
    options: NotifierNotifyOptions = {},
  ): Promise<NotifyResult> {
    const started = performance.now();
    if (!notification || typeof (notification as { via?: unknown }).via !== 'function') {
      throw new NotifyArgumentError(
        'notification',
        'must be a Notification (an object with a via(recipient) method)',
      );
    }
    if (options === null || typeof options !== 'object')
      throw new NotifyArgumentError(
        'options',
        `must be an object (got ${NotifyArgumentError.describe(options)})`,
      );
    const targets = Array.isArray(recipients) ? recipients : [recipients as NotifyTarget];
    if (targets.length === 0)
      throw new NotifyArgumentError('recipients', 'is empty; pass at least one recipient');
    for (const field of ['type', 'category'] as const) checkLabel(notification, field);
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
    const defaults = defaultPreferencesOf(notification, descriptor.type);
    if (defaults) descriptor.defaultPreferences = defaults;
    const timing = this.deps.timing?.rules(notification, descriptor.type);
    if (timing) Object.assign(descriptor, timing.rules);
    const escalation = timing?.escalation ?? [];
    // A topic's subscribers are resolved page by page by the fan-out (topics/), each page
    // then going through the same stages as a list of recipients.
    const topic = topicOf(recipients);
    if (topic && this.deps.topics)
      return this.deps.topics.notify(topic, notification, descriptor, {
        idempotencyKey: options.idempotencyKey,
        transaction: options.transaction !== undefined,
        delayed: dueAt !== undefined,
        escalation: escalation.length > 0,
      });
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
        const call = {
          targets,
          notification,
          descriptor,
          idempotencyKey: options.idempotencyKey,
          dueAt,
          steps: escalation,
        };
        const result =
          options.transaction !== undefined
            ? await this.deps.pipeline.writeOutbox(call, options.transaction, span)
            : await this.deps.pipeline.notify(call);
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
  runJob(job: NotifierJob): Promise<DispatchedDelivery[]> {
    return this.deps.pipeline.runJob(job);
  }

  /**
   * Dispatches a notification the outbox relay claimed (called by
   * `OutboxRelay`): as `notify()` would have, unless a record of it exists
   * already (relayed before a crash, or sent by a call without transaction).
   */
  relay(entry: OutboxEntry): Promise<DispatchedDelivery[]> {
    const { tracer } = this.deps;
    const { notification } = entry.payload.plan;
    const carrier = entry.payload.trace;
    return runTraced(
      tracer,
      `relay ${notification.type}`,
      {
        kind: 'consumer',
        context: carrier && tracer ? tracer.extractContext(carrier) : undefined,
        attributes: {
          'herald.notification.id': notification.id,
          'herald.notification.type': notification.type,
          'herald.outbox.attempt': entry.attempts,
        },
      },
      () => this.deps.pipeline.relay(entry),
    );
  }
}
