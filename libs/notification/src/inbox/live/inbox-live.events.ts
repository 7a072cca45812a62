import { INBOX_SENT_HOOK, type InboxMessage } from '@herald/contracts';
import {
  INBOX_DELETED_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_READ_EVENT,
  INBOX_UPDATED_EVENT,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
  type InboxUpdatedEvent,
} from '../inbox.events.js';
import type { InboxService } from '../inbox.service.js';
import { toInboxMessageJson } from '../json/inbox-message.json.js';
import type { LiveMessage } from './live-event.hub.js';

/** The `event:` names of the inbox stream (docs/inbox-contract.md, "Stream events"). */
export const INBOX_STREAM_EVENTS = {
  sync: 'sync',
  sent: 'inbox.sent',
  updated: 'inbox.updated',
  read: 'inbox.read',
  readAll: 'inbox.read_all',
  deleted: 'inbox.deleted',
} as const;

/** The `InboxService` events the stream follows. */
export const INBOX_STREAM_SOURCES = [
  INBOX_SENT_HOOK,
  INBOX_UPDATED_EVENT,
  INBOX_READ_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_DELETED_EVENT,
] as const;

/** `{ unread_count, unseen_count }` of the user's default inbox (`status: inbox`): the `sync` event's data and the routes' counts. */
export async function inboxCountsJson(
  inbox: InboxService,
  userId: string,
): Promise<{ unread_count: number; unseen_count: number }> {
  const { inbox: counts } = await inbox.counts(userId, { inbox: {} });
  return { unread_count: counts!.unread, unseen_count: counts!.unseen };
}

/**
 * One `InboxService` event as a stream event for its user: `inbox.sent` (the
 * `MessageJson`), `inbox.updated` (`{ message_id?, change, count? }`), `inbox.read`
 * (`{ message_id }`), `inbox.read_all` (`{ count }`), `inbox.deleted`
 * (`{ message_id }`). Each also carries the user's new `unread_count` and
 * `unseen_count`, so a bell never has to ask. `undefined` for other events.
 */
export async function toInboxStreamMessage(
  inbox: InboxService,
  event: string,
  payload: unknown,
): Promise<LiveMessage | undefined> {
  const withCounts = async (userId: string, type: string, data: object) => ({
    userId,
    type,
    data: { ...data, ...(await inboxCountsJson(inbox, userId)) },
  });
  switch (event) {
    case INBOX_SENT_HOOK: {
      const message = payload as InboxMessage;
      return withCounts(message.userId, INBOX_STREAM_EVENTS.sent, toInboxMessageJson(message));
    }
    case INBOX_UPDATED_EVENT: {
      const e = payload as InboxUpdatedEvent;
      return withCounts(e.userId, INBOX_STREAM_EVENTS.updated, {
        ...(e.messageId !== undefined ? { message_id: e.messageId } : {}),
        change: e.change,
        ...(e.count !== undefined ? { count: e.count } : {}),
      });
    }
    case INBOX_READ_EVENT:
    case INBOX_DELETED_EVENT: {
      const e = payload as InboxMessageChangedEvent;
      const type =
        event === INBOX_READ_EVENT ? INBOX_STREAM_EVENTS.read : INBOX_STREAM_EVENTS.deleted;
      return withCounts(e.userId, type, { message_id: e.messageId });
    }
    case INBOX_READ_ALL_EVENT: {
      const e = payload as InboxReadAllEvent;
      return withCounts(e.userId, INBOX_STREAM_EVENTS.readAll, { count: e.count });
    }
    default:
      return undefined;
  }
}
