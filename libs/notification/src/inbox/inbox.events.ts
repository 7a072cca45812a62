/**
 * Events `InboxService` fires on `@nestjs/event-emitter` besides
 * `INBOX_SENT_HOOK` (from `@herald/contracts`), so live views can follow
 * read state. Each carries the user's new unread count.
 */
export const INBOX_READ_EVENT = 'notification.inbox.read';
export const INBOX_READ_ALL_EVENT = 'notification.inbox.read_all';
export const INBOX_DELETED_EVENT = 'notification.inbox.deleted';

/** Payload of `INBOX_READ_EVENT` and `INBOX_DELETED_EVENT`. */
export interface InboxMessageChangedEvent {
  userId: string;
  messageId: string;
  unreadCount: number;
}

/** Payload of `INBOX_READ_ALL_EVENT`. */
export interface InboxReadAllEvent {
  userId: string;
  /** How many messages changed from unread to read. */
  count: number;
  unreadCount: number;
}
