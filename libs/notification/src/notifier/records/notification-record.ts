/**
 * Where a notification stands: `dispatched` once its deliveries are written
 * (queued, or done inline); a scheduled one is `scheduled` until its
 * `sendAt`, `pending` while the worker dispatches it, then `dispatched`, or
 * `cancelled` before that. How each delivery went is on its delivery record.
 */
export type NotificationStatus = 'pending' | 'scheduled' | 'dispatched' | 'cancelled';

export const NOTIFICATION_STATUSES: readonly NotificationStatus[] = [
  'pending',
  'scheduled',
  'dispatched',
  'cancelled',
];

/** One `notify()` call. */
export interface NotificationRecord {
  /** `ntf_...`; derived from the idempotency key when one was given. */
  id: string;
  /** The notification's `type` (class name by default). */
  type: string;
  category: string;
  critical: boolean;
  status: NotificationStatus;
  /** How many recipients the call had. */
  recipients: number;
  /** How many delivery records it produced (sent or not), once dispatched. */
  deliveries: number;
  idempotencyKey?: string;
  /** When a scheduled notification is due. */
  sendAt?: Date;
  createdAt: Date;
  updatedAt: Date;
}

/** What a store needs to create one; the store fills the timestamps. */
export type NewNotificationRecord = Omit<NotificationRecord, 'createdAt' | 'updatedAt'>;

/** What a status change may set. */
export type NotificationPatch = Partial<Pick<NotificationRecord, 'deliveries'>>;

/** Which records `list` answers, newest first. */
export interface NotificationListQuery {
  status?: NotificationStatus;
  /** @default 50 */
  limit?: number;
}
