import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';

/**
 * One `notify(topic(...))` in the fan-out queue: the notification (its class
 * name and own fields), the topic, and the checkpoint the worker records
 * after each batch (a worker that resumes it starts after `after`).
 */
export interface TopicFanoutJob {
  topicKey: string;
  descriptor: NotificationDescriptor;
  notification: { className: string; fields: Record<string, unknown> };
  /** The last subscriber id of the last batch handed to reliable delivery. */
  after?: string;
  /** Delivery records written so far (the notification record's `deliveries` at the end). */
  deliveries: number;
}

/** Records a fan-out's progress: the job's data in Redis, read by whoever resumes it. */
export type TopicCheckpoint = (job: TopicFanoutJob) => Promise<void>;

/** Where `notify(topic(...))` puts its fan-out job (the BullMQ queue `<notifier queue>-topics`). */
export interface TopicFanoutSink {
  add(notificationId: string, job: TopicFanoutJob): Promise<void>;
  close(): Promise<void>;
}
