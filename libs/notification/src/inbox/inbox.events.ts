import type { InboxChange, InboxMessage } from '@herald/contracts';

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

/**
 * Fired after a message's state changed (`markSeen`, `markUnread`, `archive`,
 * `unarchive`, `snooze`, `unsnooze`) or after a bulk `markAll()`; payload
 * `InboxUpdatedEvent`. `markRead`, `markAllRead` and `delete` keep their own events.
 */
export const INBOX_UPDATED_EVENT = 'notification.inbox.updated';
/** Fired by `InboxService.runAction()` for an action with an `actionId`; payload `InboxActionEvent`. */
export const INBOX_ACTION_EVENT = 'notification.inbox.action';

/** Payload of `INBOX_UPDATED_EVENT`. */
export interface InboxUpdatedEvent {
  userId: string;
  /** The message that changed; absent for a bulk change. */
  messageId?: string;
  change: InboxChange;
  /** How many messages a bulk change changed; absent for one message. */
  count?: number;
}

/** Payload of `INBOX_ACTION_EVENT`. */
export interface InboxActionEvent {
  userId: string;
  messageId: string;
  actionId: string;
  /** The message as stored when the action ran. */
  message: InboxMessage;
}
