/** A stored in-app notification. */
export interface InboxMessage {
  /** UUID; the `message_id` of the HTTP routes. */
  id: string;
  userId: string;
  title: string;
  body: string;
  category?: string;
  actionUrl?: string;
  data?: Record<string, unknown>;
  /** `null` while unread. */
  readAt: Date | null;
  createdAt: Date;
  expiresAt: Date;
}

export interface InboxPageQuery {
  limit: number;
  /** Opaque cursor from a previous page's `nextCursor`. */
  cursor?: string;
  unreadOnly?: boolean;
}

export interface InboxPage {
  notifications: InboxMessage[];
  nextCursor?: string;
}

/** Storage behind `InboxService` (bound under `INBOX_STORE`). Every call is scoped to one user. */
export interface InboxStoreProtocol {
  insert(message: InboxMessage): Promise<InboxMessage>;
  list(userId: string, query: InboxPageQuery, now: Date): Promise<InboxPage>;
  findOne(userId: string, messageId: string, now: Date): Promise<InboxMessage | undefined>;
  /** Marks one unread message read; false when absent, not the user's, or already read. */
  markRead(userId: string, messageId: string, at: Date): Promise<boolean>;
  /** Marks every unread message of the user read; returns how many changed. */
  markAllRead(userId: string, at: Date): Promise<number>;
  delete(userId: string, messageId: string): Promise<boolean>;
  countUnread(userId: string, now: Date): Promise<number>;
  /**
   * Optional: `list()` and `countUnread()` in one call, e.g. one statement and
   * one round trip on a database. `InboxService.getInbox()` uses it when present,
   * `list()` and `countUnread()` side by side otherwise.
   */
  listWithUnreadCount?(
    userId: string,
    query: InboxPageQuery,
    now: Date,
  ): Promise<InboxPage & { unreadCount: number }>;
  /** Deletes messages whose `expiresAt` is before `now`; returns how many. */
  purgeExpired(now: Date): Promise<number>;
  /** A cheap round trip used by the `notifications.inbox` health check. */
  ping(): Promise<void>;
}
