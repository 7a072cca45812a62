import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification } from '../notification.js';
import type { NotifierMetrics } from '../notifier.metrics.js';
import type { DispatchedDelivery } from '../pipeline/dispatch.stage.js';
import type { NotifierPipeline } from '../pipeline/notifier.pipeline.js';
import type { NotificationStatus } from '../records/notification-record.js';
import type { NotificationStore } from '../records/notification-store.protocol.js';
import type {
  TopicCheckpoint,
  TopicFanoutJob,
  TopicFanoutSink,
} from './topic-fanout-job.interface.js';
import type { TopicRecipient } from './topic-recipient.js';

type NotificationClass = abstract new (...args: any[]) => object;

/** What `notify(topic(...))` answers (the shape of `NotifyResult`). */
export interface TopicNotifyResult {
  notificationId: string;
  status: NotificationStatus;
  duplicate: boolean;
  /** Always empty: a topic's deliveries are not held in memory (see the delivery records). */
  deliveries: DispatchedDelivery[];
}

/** What `notify()` was asked besides the topic (only `idempotencyKey` is taken). */
export interface TopicCall {
  idempotencyKey?: string;
  transaction?: boolean;
  delayed?: boolean;
  escalation?: boolean;
}

/** The notifier's stages (resolve reads the topic's pages) and where the record is written. */
export interface TopicPipeline {
  pipeline: Pick<NotifierPipeline, 'notifyTopic'>;
  store: NotificationStore;
  metrics: NotifierMetrics;
}

export interface TopicFanoutOptions {
  notifications?: readonly NotificationClass[];
  /** The fan-out queue (BullMQ mode); without it the fan-out streams in the caller. */
  queue?: TopicFanoutSink;
}

/**
 * `notify(topic(key), notification)`, orchestrated: the record, the queue
 * job and its checkpoint. The pipeline does the sending
 * (`NotifierPipeline.notifyTopic`): its resolve stage reads the topic's
 * subscribers in keyset pages of `topics.batchSize`, and each page goes
 * through the stages as a `notify()` to that list would (each subscriber's own
 * preferences, suppressions, quiet hours and locale). Delivery ids derive
 * from the notification id and the recipient, so a page run twice (a
 * worker killed after its deliveries, before its checkpoint) writes and
 * sends nothing twice.
 *
 * With the BullMQ queue, `notify()` writes the record `pending` and enqueues
 * one fan-out job; a worker streams the pages, records its checkpoint in the
 * job after each, and marks the record `dispatched` at the end. Without it,
 * `notify()` streams the pages itself and answers once all are handed over.
 */
export class TopicFanout {
  private pipeline?: TopicPipeline;
  private readonly classes = new Map<string, NotificationClass>();

  constructor(private readonly options: TopicFanoutOptions) {
    for (const type of options.notifications ?? []) this.classes.set(type.name, type);
  }

  /** Gives the fan-out the notifier's stages (`NotifierService` is built with them). */
  attach(pipeline: TopicPipeline): void {
    this.pipeline = pipeline;
  }

  async notify(
    target: TopicRecipient,
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    call: TopicCall,
  ): Promise<TopicNotifyResult> {
    const { idempotencyKey } = call;
    if (call.transaction || call.delayed || call.escalation)
      throw new NotifyArgumentError(
        call.transaction ? 'options.transaction' : call.delayed ? 'options' : 'notification',
        call.transaction
          ? 'is not taken with topic(): a topic is sent at once, not through the outbox'
          : call.delayed
            ? 'delayMs and sendAt are not taken with topic(): a topic is sent at once'
            : `${descriptor.type}.escalation is not taken with topic(): a topic's messages are not escalated`,
      );
    const { store, metrics } = this.stages();
    const result = (status: NotificationStatus, duplicate: boolean): TopicNotifyResult => ({
      notificationId: descriptor.id,
      status,
      duplicate,
      deliveries: [],
    });
    if (idempotencyKey) {
      const seen = await store.get(descriptor.id);
      if (seen && seen.status !== 'pending') return result(seen.status, true);
    }
    const record = {
      id: descriptor.id,
      type: descriptor.type,
      category: descriptor.category,
      critical: descriptor.critical,
      idempotencyKey,
      // a topic's size is not counted when notify() answers; `deliveries` is, at the end
      recipients: 0,
    };
    const { queue } = this.options;
    if (!queue) {
      const deliveries = await this.stream(target.topicKey, notification, descriptor);
      const { created } = await store.create({ ...record, status: 'dispatched', deliveries });
      if (created) metrics.notified(descriptor.type, descriptor.category);
      return result('dispatched', !created);
    }
    const job: TopicFanoutJob = {
      topicKey: target.topicKey,
      descriptor,
      notification: { className: notification.constructor.name, fields: fieldsOf(notification) },
      deliveries: 0,
    };
    this.classes.set(job.notification.className, notification.constructor as NotificationClass);
    // the record first: a call cut after it is finished by the same call again (same job id)
    const { created } = await store.create({ ...record, status: 'pending', deliveries: 0 });
    if (created) metrics.notified(descriptor.type, descriptor.category);
    await queue.add(descriptor.id, job);
    return result('pending', false);
  }

  /** Runs a fan-out job from its checkpoint to the end (`TopicFanoutWorker`'s handler). */
  async runJob(job: TopicFanoutJob, checkpoint: TopicCheckpoint): Promise<number> {
    const { store } = this.stages();
    const notification = this.rebuild(job);
    let { after, deliveries } = job;
    await this.stream(job.topicKey, notification, job.descriptor, after, async (last, count) => {
      after = last;
      deliveries += count;
      await checkpoint({ ...job, after, deliveries });
    });
    await store.transition(job.descriptor.id, ['pending'], 'dispatched', { deliveries });
    return deliveries;
  }

  /**
   * Every page of the topic after `after` through the notifier's stages
   * (the pipeline reads and sends them); `onPage` after each page is handed
   * over. Answers the delivery records written.
   */
  private async stream(
    topicKey: string,
    notification: Notification<any>,
    descriptor: NotificationDescriptor,
    after?: string,
    onPage?: (last: string, deliveries: number) => Promise<void>,
  ): Promise<number> {
    const { pipeline } = this.stages();
    let total = 0;
    for await (const page of pipeline.notifyTopic({ topicKey, notification, descriptor, after })) {
      total += page.deliveries;
      await onPage?.(page.last, page.deliveries);
    }
    return total;
  }

  /** The job's notification as an instance of its class (found by name), with its own fields. */
  private rebuild(job: TopicFanoutJob): Notification<any> {
    const { className, fields } = job.notification;
    const type = this.classes.get(className);
    if (!type) {
      throw new NotifierConfigError([
        {
          path: 'topics.notifications',
          message: `the fan-out of ${job.descriptor.id} needs notification class "${className}", which this process does not know; list it in NotifierModule.forRoot({ topics: { notifications: [${className}] } })`,
        },
      ]);
    }
    const instance = Object.create(type.prototype as object) as Notification<any>;
    return Object.assign(instance, fields);
  }

  async close(): Promise<void> {
    await this.options.queue?.close();
  }

  private stages(): TopicPipeline {
    if (!this.pipeline)
      throw new NotifierConfigError([
        { path: 'topics', message: 'the topic fan-out is not attached to a NotifierService' },
      ]);
    return this.pipeline;
  }
}

/** The notification's own fields as JSON (they travel in the fan-out job). */
function fieldsOf(notification: Notification<any>): Record<string, unknown> {
  try {
    return JSON.parse(JSON.stringify(notification)) as Record<string, unknown>;
  } catch (error) {
    throw new NotifyArgumentError(
      'notification',
      `${notification.type} must be JSON-serialisable to go to a topic through the queue (its fields travel in the fan-out job): ${(error as Error).message}`,
    );
  }
}
