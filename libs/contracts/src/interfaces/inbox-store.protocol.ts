/** How urgent a message is; `normal` unless the sender says otherwise. */
export type InboxSeverity = 'low' | 'normal' | 'high' | 'critical';

/**
 * A button on a message: exactly one of `url` (opened by the client) or
 * `actionId` (posted back to the server, emitted as `INBOX_ACTION_EVENT`).
 */
export interface InboxAction {
  /** 1–80 characters, no control characters. */
  label: string;
  url?: string;
  /** 1–64 of `[A-Za-z0-9_.:-]`, unique within the message. */
  actionId?: string;
}

/**
 * Which messages a list, a count or a bulk change covers (a tab of the inbox).
 * Every condition given must hold.
 */
export interface InboxFilter {
  /**
   * `inbox` (default): neither archived nor snoozed now; `archived`; `snoozed`
   * (snoozed now, not archived); `all`.
   */
  status?: 'inbox' | 'archived' | 'snoozed' | 'all';
  /** `false`: unread only; `true`: read only. */
  read?: boolean;
  /** `false`: unseen only; `true`: seen only. */
  seen?: boolean;
  /** Any of these tags (1–10). */
  tags?: string[];
  /** Any of these severities. */
  severity?: InboxSeverity[];
}

/** The figures of one tab. */
export interface InboxCounts {
  unread: number;
  unseen: number;
  total: number;
}

/** A change of one message's state, as `INBOX_UPDATED_EVENT` names it. */
export type InboxChange =
  'seen' | 'read' | 'unread' | 'archived' | 'unarchived' | 'snoozed' | 'unsnoozed';

/** A change `InboxService.markAll()` applies to every message of a filter. */
export type InboxBulkChange = 'seen' | 'read' | 'archived';

/** What `InboxStoreProtocol.update()` does to one message. */
export type InboxStateChange =
  | { change: Exclude<InboxChange, 'snoozed'> }
  | {
      change: 'snoozed';
      /** Hidden until then; then listed again on top (its list position becomes `until`). */
      until: Date;
      /** The message's expiry from now on (never earlier than before). */
      expiresAt: Date;
    };

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
  /** When the bell was first opened with the message listed; read implies seen. */
  seenAt: Date | null;
  /** Archived messages are left out of the default list. */
  archivedAt: Date | null;
  /**
   * Hidden from the default list until then, then back on top. Kept after the
   * time has passed; the message is snoozed while `snoozedUntil > now`.
   */
  snoozedUntil: Date | null;
  /** At most 10, each 1–64 characters. */
  tags: string[];
  severity: InboxSeverity;
  /** At most two: the first is primary, the second secondary. */
  actions: InboxAction[];
  createdAt: Date;
  expiresAt: Date;
}

export interface InboxPageQuery {
  limit: number;
  /** Opaque cursor from a previous page's `nextCursor`. */
  cursor?: string;
  /** Same as `filter.read === false`. */
  unreadOnly?: boolean;
  /** @default { status: 'inbox' } */
  filter?: InboxFilter;
}

export interface InboxPage {
  notifications: InboxMessage[];
  nextCursor?: string;
}

/**
 * Storage behind `InboxService` (bound under `INBOX_STORE`). Every call is scoped
 * to one user, and every state change is one conditional write, so concurrent
 * changes lose no update. Lists are newest first by the time a message was
 * (re)listed: its `createdAt`, or the end of its snooze.
 */
export interface InboxStoreProtocol {
  insert(message: InboxMessage): Promise<InboxMessage>;
  list(userId: string, query: InboxPageQuery, now: Date): Promise<InboxPage>;
  findOne(userId: string, messageId: string, now: Date): Promise<InboxMessage | undefined>;
  /** Marks one unread message read (and seen); false when absent, not the user's, or already read. */
  markRead(userId: string, messageId: string, at: Date): Promise<boolean>;
  /** Marks every unread message of the user read (and seen); returns how many changed. */
  markAllRead(userId: string, at: Date): Promise<number>;
  /**
   * Applies one change to one of the user's unexpired messages when it is not
   * in that state already (`seen` and `read` keep the first time); true when it changed.
   */
  update(userId: string, messageId: string, change: InboxStateChange, at: Date): Promise<boolean>;
  /** Applies a change to every message of the filter not in that state yet; returns how many. */
  updateAll(
    userId: string,
    change: InboxBulkChange,
    filter: InboxFilter,
    at: Date,
  ): Promise<number>;
  /** Unread, unseen and total messages of each filter, keyed as given. */
  counts(
    userId: string,
    tabs: Record<string, InboxFilter>,
    now: Date,
  ): Promise<Record<string, InboxCounts>>;
  delete(userId: string, messageId: string): Promise<boolean>;
  /** Unread messages of the default (`inbox`) status. */
  countUnread(userId: string, now: Date): Promise<number>;
  /**
   * Optional: `list()` and the default status's unread and unseen counts in one
   * call, e.g. one statement and one round trip on a database.
   * `InboxService.getInbox()` uses it when present, `list()` and `counts()`
   * side by side otherwise.
   */
  listWithCounts?(
    userId: string,
    query: InboxPageQuery,
    now: Date,
  ): Promise<InboxPage & { unreadCount: number; unseenCount: number }>;
  /** Deletes messages whose `expiresAt` is before `now`; returns how many. */
  purgeExpired(now: Date): Promise<number>;
  /** A cheap round trip used by the `notifications.inbox` health check. */
  ping(): Promise<void>;
}
