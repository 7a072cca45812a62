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
