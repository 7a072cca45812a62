/** When and how a `notify()` call sends. */
export interface NotifyOptions {
  /**
   * Makes the call idempotent: a second `notify()` with the same key answers
   * the first one's `notificationId` and sends nothing.
   */
  idempotencyKey?: string;
  /** Dispatches the whole notification this many milliseconds from now (needs the BullMQ queue). */
  delayMs?: number;
  /** Dispatches the whole notification at this time (a `Date` or epoch milliseconds; needs the BullMQ queue). */
  sendAt?: Date | number;
  /**
   * Sends only if this database transaction commits (for TypeORM, the
   * `EntityManager` of `dataSource.transaction(...)` or a `QueryRunner`);
   * needs the notifier's transactional outbox.
   */
  transaction?: object;
}

/** What `notify()` answers: at least the id of the notification. */
export interface NotifyResultLike {
  notificationId: string;
}

/**
 * Sends one notification to one or many people over the channels the
 * notification picks for each of them (SMS, push, mail, inbox or a custom
 * channel). Bound under `NOTIFIER`; `NotifierService` of
 * `@herald/notification` implements it.
 */
export interface NotifierProtocol {
  notify(
    recipients: unknown,
    notification: unknown,
    options?: NotifyOptions,
  ): Promise<NotifyResultLike>;
  /** Cancels a scheduled notification; `false` when it is not scheduled (unknown, already dispatched or cancelled). */
  cancel(notificationId: string): Promise<boolean>;
}
