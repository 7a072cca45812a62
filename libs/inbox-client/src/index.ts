export { HeraldInboxClient } from './client/herald-inbox.client.js';
export { InboxRequestError } from './client/inbox-request.error.js';
export type {
  ConnectionStatus,
  InboxAction,
  InboxChange,
  InboxClient,
  InboxClientEvents,
  InboxClientOptions,
  InboxCounts,
  InboxEventTarget,
  InboxFilter,
  InboxItem,
  InboxPage,
  InboxRuntime,
  InboxSeverity,
  InboxStatus,
  InboxTab,
  PreferenceChannel,
  PreferenceTopic,
} from './types.js';
