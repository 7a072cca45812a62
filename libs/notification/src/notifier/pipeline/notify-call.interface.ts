import type { NotifyResultLike } from '@herald/contracts';
import type { NotificationDescriptor } from '../gates/notification-gate.interface.js';
import type { Notification } from '../notification.js';
import type { NotifyTarget } from '../recipients/recipient.interface.js';
import type { NotificationStatus } from '../records/notification-record.js';
import type { EscalationStep } from '../timing/timing-rules.js';
import type { DispatchedDelivery } from './dispatch.stage.js';

/** A `notify()` call with its arguments checked, as the pipeline receives it. */
export interface NotifyCall {
  targets: readonly NotifyTarget[];
  notification: Notification<any>;
  descriptor: NotificationDescriptor;
  idempotencyKey?: string;
  /** Epoch ms when the call is scheduled for later; `undefined` for now. */
  dueAt?: number;
  /** The notification's escalation steps (checked). */
  steps: readonly EscalationStep[];
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

/**
 * `notify(topic(key))` as the pipeline receives it: the topic's key and
 * where to resume (a fan-out's checkpoint), the notification checked as for a list.
 */
export interface TopicNotifyCall {
  topicKey: string;
  notification: Notification<any>;
  descriptor: NotificationDescriptor;
  /** The last subscriber id already handed over; the start when absent. */
  after?: string;
}

/** A page of a topic handed to dispatch: its last subscriber id and the deliveries it made. */
export interface TopicPageSent {
  last: string;
  deliveries: number;
}
