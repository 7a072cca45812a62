import type { AdminRealtimeBridge, RealtimeMessage } from '@herald/contracts';
import type { InboxService } from '../inbox/inbox.service.js';
import { INBOX_STREAM_SOURCES, toInboxStreamMessage } from '../inbox/live/inbox-live.events.js';

/**
 * The inbox's realtime bridge: forwards `INBOX_SENT_HOOK`, `INBOX_UPDATED_EVENT`
 * and the read / delete events to the shell's SSE hub, addressed to the message's
 * user, in the stream contract `InboxLiveService` serves (with the user's new
 * `unread_count` and `unseen_count`, so bells never have to ask).
 */
export function createInboxRealtimeBridge(inbox: InboxService): AdminRealtimeBridge {
  return {
    events: [...INBOX_STREAM_SOURCES],
    toMessage: (event, payload): Promise<RealtimeMessage | undefined> =>
      toInboxStreamMessage(inbox, event, payload) as Promise<RealtimeMessage | undefined>,
  };
}
