import type {
  NewNotificationRecord,
  NotificationListQuery,
  NotificationPatch,
  NotificationRecord,
  NotificationStatus,
} from './notification-record.js';

/**
 * Where notification records live: `MemoryNotificationStore`,
 * `DatabaseNotificationStore` (TypeORM; SQLite and PostgreSQL).
 */
export interface NotificationStore {
  /** Inserts unless the id exists (a repeated idempotency key); `created` says which. */
  create(record: NewNotificationRecord): Promise<{ record: NotificationRecord; created: boolean }>;
  get(id: string): Promise<NotificationRecord | undefined>;
  /**
   * Moves the record to `to` if its status is one of `from`, atomically;
   * answers the updated record, or `undefined` when it was not in `from`.
   */
  transition(
    id: string,
    from: readonly NotificationStatus[],
    to: NotificationStatus,
    patch?: NotificationPatch,
  ): Promise<NotificationRecord | undefined>;
  list(query?: NotificationListQuery): Promise<NotificationRecord[]>;
  /** Deletes dispatched and cancelled records last updated before `before`; answers how many. */
  purge(before: Date): Promise<number>;
}
