import {
  INBOX_SENT_HOOK,
  type AdminRealtimeBridge,
  type InboxMessage,
  type RealtimeMessage,
} from '@herald/contracts';
import {
  INBOX_DELETED_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_READ_EVENT,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
} from '../inbox/inbox.events.js';
import type { InboxService } from '../inbox/inbox.service.js';
import { INBOX_REALTIME_TYPES } from './admin.constants.js';
import { toInboxMessageJson } from './inbox-message.json.js';

/**
 * The inbox's realtime bridge: forwards `INBOX_SENT_HOOK` and the read events
 * to the shell's SSE hub, addressed to the message's user, with the user's new
 * `unread_count` so bells never have to ask.
 */
export function createInboxRealtimeBridge(inbox: InboxService): AdminRealtimeBridge {
  return {
    events: [INBOX_SENT_HOOK, INBOX_READ_EVENT, INBOX_READ_ALL_EVENT, INBOX_DELETED_EVENT],
    async toMessage(event, payload): Promise<RealtimeMessage | undefined> {
      switch (event) {
        case INBOX_SENT_HOOK: {
          const message = payload as InboxMessage;
          return {
            userId: message.userId,
            type: INBOX_REALTIME_TYPES.sent,
            data: {
              message: toInboxMessageJson(message),
              unread_count: await inbox.countUnread(message.userId),
            },
          };
        }
        case INBOX_READ_EVENT:
        case INBOX_DELETED_EVENT: {
          const e = payload as InboxMessageChangedEvent;
          return {
            userId: e.userId,
            type:
              event === INBOX_READ_EVENT ? INBOX_REALTIME_TYPES.read : INBOX_REALTIME_TYPES.deleted,
            data: { message_id: e.messageId, unread_count: e.unreadCount },
          };
        }
        case INBOX_READ_ALL_EVENT: {
          const e = payload as InboxReadAllEvent;
          return {
            userId: e.userId,
            type: INBOX_REALTIME_TYPES.readAll,
            data: { count: e.count, unread_count: e.unreadCount },
          };
        }
        default:
          return undefined;
      }
    },
  };
}
