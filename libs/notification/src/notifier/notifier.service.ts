import { createHash, randomUUID } from 'node:crypto';
import type {
  NotifierProtocol,
  NotifyOptions,
  NotifyResultLike,
  SpanProtocol,
  TracerProtocol,
} from '@herald/contracts';
import type { DeliveryRecord, DeliveryStatus } from '../delivery/records/delivery-record.js';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { runTraced } from '../utils/run-traced.util.js';
import { findControlCharacter } from '../utils/store-text.util.js';
import { NotifierConfigError } from './errors/notifier-config.error.js';
import { NotifyArgumentError } from './errors/notify-argument.error.js';
import type { NotificationDescriptor } from './gates/notification-gate.interface.js';
import type { Notification } from './notification.js';
import type { NotifierMetrics } from './notifier.metrics.js';
import type {
  DispatchedDelivery,
  NotificationDispatcher,
} from './planning/notification-dispatcher.js';
import type { NotificationPlanner } from './planning/notification-planner.js';
import type { NotificationPlan } from './planning/notification-plan.interface.js';
import type { NotifierJob, NotifierScheduler } from './queue/notifier-job.interface.js';
import type { NotifyTarget } from './recipients/recipient.interface.js';
import type {
  NotificationListQuery,
  NotificationRecord,
  NotificationStatus,
} from './records/notification-record.js';
import type { NotificationStore } from './records/notification-store.protocol.js';
import type { NotifierTiming } from './timing/notifier-timing.js';
import type { EscalationPlan, EscalationStep } from './timing/timing-rules.js';
import type { OutboxEntry } from './outbox/outbox-entry.js';
import type { OutboxStore } from './outbox/outbox-store.protocol.js';
import { transactionRunner, type NotifierTransaction } from './outbox/notifier-transaction.js';
import type { TopicFanout } from './topics/topic-fanout.js';
import { topicOf } from './topics/topic-recipient.js';

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

/** What `notify()` answers. */
export interface NotifyResult extends NotifyResultLike {
  notificationId: string;
  /**
   * `dispatched` (deliveries queued or, inline, done), `scheduled`, or
   * `pending` (written to the outbox of a transaction); a duplicate's current status.
   */
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
  /** The transactional outbox, when `NotifierModule` option `outbox` is on. */
  outbox?: OutboxStore;
  /** Escalation, cancellation of waiting parts, digest flushes. */
  timing?: NotifierTiming;
  /** `notify(topic(key), ...)`: streams the topic's subscribers through the planner and dispatcher. */
  topics?: TopicFanout;
}

/** The id of the notification an idempotency key stands for: the same in every process. */
export function notificationIdFor(idempotencyKey: string): string {
  return `ntf_${createHash('sha256').update(`notify\u0000${idempotencyKey}`).digest('hex').slice(0, 32)}`;
}

/**
 * A notification's `type` or `category` (when it sets one) is a name that
 * every record, metric label and store column keeps: 1 to 255 characters,
 * no control characters.
 */
function checkLabel(notification: Notification<any>, field: 'type' | 'category'): void {
  const value: unknown = notification[field];
  if (typeof value !== 'string') return;
  // eslint-disable-next-line no-control-regex
  if (value.length >= 1 && value.length <= 255 && !/[\u0000-\u001f\u007f]/.test(value)) return;
  throw new NotifyArgumentError(
    `notification.${field}`,
    `must be a string of 1 to 255 characters without control characters (got ${NotifyArgumentError.describe(value)})`,
  );
}

/** `delayMs` / `sendAt` as an epoch-ms due time, `undefined` for now; typed errors for bad values. */
function dueTimeOf(options: NotifyOptions, now: number): number | undefined {
  const { delayMs, sendAt, idempotencyKey } = options;
  if (
    idempotencyKey !== undefined &&
    (typeof idempotencyKey !== 'string' ||
      idempotencyKey === '' ||
      idempotencyKey.length > 200 ||
      findControlCharacter(idempotencyKey) !== -1)
  ) {
    throw new NotifyArgumentError(
      'options.idempotencyKey',
      `must be a non-empty string of at most 200 characters without control characters (got ${NotifyArgumentError.describe(idempotencyKey)})`,
    );
  }
  if (delayMs !== undefined && sendAt !== undefined)
    throw new NotifyArgumentError('options', 'takes delayMs or sendAt, not both');
  if (delayMs !== undefined) {
    if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0)
      throw new NotifyArgumentError(
        'options.delayMs',
        `must be a finite number of milliseconds, 0 or more (got ${NotifyArgumentError.describe(delayMs)})`,
      );
    return delayMs === 0 ? undefined : now + delayMs;
  }
  if (sendAt !== undefined) {
    const at = sendAt instanceof Date ? sendAt.getTime() : sendAt;
    if (typeof at !== 'number' || !Number.isFinite(at))
      throw new NotifyArgumentError(
        'options.sendAt',
        `must be a valid Date or epoch milliseconds (got ${NotifyArgumentError.describe(sendAt)})`,
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
    // Topics (topics/): a topic's subscribers stream through TopicFanout, batch by batch.
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
        const result =
          options.transaction !== undefined
            ? await this.writeOutbox(
                targets,
                notification,
                descriptor,
                options,
                dueAt,
                span,
                escalation,
              )
            : await this.run(targets, notification, descriptor, options, dueAt, escalation);
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
      () => this.relayEntry(entry),
    );
  }

  private async relayEntry(entry: OutboxEntry): Promise<DispatchedDelivery[]> {
    const { plan, recipients, idempotencyKey, dueAt, escalation } = entry.payload;
    const seen = await this.deps.store.get(plan.notification.id);
    if (seen) {
      // A crash between the record and the job must not lose a scheduled one (same job id: no repeat).
      if (seen.status === 'scheduled' && dueAt !== undefined)
        await this.deps.scheduler?.schedule(seen.id, { kind: 'scheduled', plan }, dueAt);
      return [];
    }
    const due = dueAt !== undefined && dueAt > Date.now() ? dueAt : undefined;
    const result = await this.dispatch(plan, { recipients, idempotencyKey }, due, escalation);
    return result.deliveries;
  }

  /** `notify()` inside a transaction: plan now (bad input throws to the caller), write the outbox row. */
  private async writeOutbox(
    targets: readonly NotifyTarget[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    options: NotifierNotifyOptions,
    dueAt: number | undefined,
    span: SpanProtocol | undefined,
    steps: readonly EscalationStep[],
  ): Promise<NotifyResult> {
    const { outbox, store, planner, tracer } = this.deps;
    if (!outbox) {
      throw new NotifierConfigError([
        {
          path: 'outbox',
          message:
            'notify() with a transaction needs the transactional outbox: set NotifierModule option ' +
            'outbox: true (with store: "database") and run NOTIFIER_MIGRATIONS',
        },
      ]);
    }
    const runner = transactionRunner(options.transaction, outbox.dataSource());
    if (options.idempotencyKey) {
      const seen = await store.get(descriptor.id);
      if (seen) return duplicateOf(seen);
    }
    const plan = await planner.plan(targets, notification, descriptor);
    const escalation = await this.escalationOf(plan, targets, notification, steps);
    const created = await outbox.add(runner, {
      id: descriptor.id,
      idempotencyKey: options.idempotencyKey,
      type: descriptor.type,
      payload: {
        plan,
        recipients: targets.length,
        idempotencyKey: options.idempotencyKey,
        dueAt,
        escalation: escalation.length > 0 ? escalation : undefined,
        // The relay's span continues this trace.
        trace: span && tracer ? tracer.injectContext({}, span.spanContext()) : undefined,
      },
    });
    return {
      notificationId: descriptor.id,
      status: 'pending',
      duplicate: !created,
      sendAt: dueAt === undefined ? undefined : new Date(dueAt),
      deliveries: [],
    };
  }

  private async run(
    targets: readonly NotifyTarget[],
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    options: NotifyOptions,
    dueAt: number | undefined,
    steps: readonly EscalationStep[],
  ): Promise<NotifyResult> {
    const { store, planner } = this.deps;
    if (options.idempotencyKey) {
      const seen = await store.get(descriptor.id);
      if (seen && seen.status !== 'pending') return duplicateOf(seen);
    }
    const plan = await planner.plan(targets, notification, descriptor);
    const escalation = await this.escalationOf(plan, targets, notification, steps);
    return this.dispatch(
      plan,
      { recipients: targets.length, idempotencyKey: options.idempotencyKey },
      dueAt,
      escalation,
    );
  }

  /** Marks the plan's inbox messages and renders the escalation steps (before anything is written). */
  private async escalationOf(
    plan: NotificationPlan,
    targets: readonly NotifyTarget[],
    notification: Notification<any>,
    steps: readonly EscalationStep[],
  ): Promise<EscalationPlan[]> {
    const { timing } = this.deps;
    if (!timing || steps.length === 0) return [];
    timing.tagInbox(plan, steps);
    return timing.planEscalation(targets, notification, plan.notification, steps);
  }

  /** Schedules or dispatches a planned notification, then writes its record. */
  private async dispatch(
    plan: NotificationPlan,
    call: { recipients: number; idempotencyKey?: string },
    dueAt: number | undefined,
    escalation: readonly EscalationPlan[] = [],
  ): Promise<NotifyResult> {
    const { store, dispatcher, metrics } = this.deps;
    const descriptor = plan.notification;
    // The record's fields only (the descriptor also carries e.g. `defaultPreferences`).
    const base = {
      id: descriptor.id,
      type: descriptor.type,
      category: descriptor.category,
      critical: descriptor.critical,
      ...call,
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
      await this.deps.timing?.scheduleEscalation(descriptor, escalation, dueAt);
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
      await this.deps.timing?.scheduleEscalation(descriptor, escalation, Date.now());
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

/** The notification's `defaultPreferences` as JSON (it travels in queued jobs), checked. */
function defaultPreferencesOf(
  notification: Notification<any>,
  type: string,
): Record<string, boolean> | undefined {
  const defaults: unknown = notification.defaultPreferences;
  if (defaults === undefined || defaults === null) return undefined;
  const entries =
    typeof defaults === 'object' && !Array.isArray(defaults) ? Object.entries(defaults) : undefined;
  if (!entries || entries.some(([, on]) => typeof on !== 'boolean' && on !== undefined)) {
    throw new NotifyArgumentError(
      'notification',
      `${type}.defaultPreferences must map channel names to true or false (got ${NotifyArgumentError.describe(defaults)})`,
    );
  }
  const out: Record<string, boolean> = {};
  for (const [channel, on] of entries) if (on !== undefined) out[channel] = on as boolean;
  return Object.keys(out).length > 0 ? out : undefined;
}
