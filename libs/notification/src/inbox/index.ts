/**
 * `@herald/notification/inbox`: the per-user in-app inbox (`InboxService`,
 * `InboxProvider`, `InboxModule`, `InMemoryInboxStore`). The database store,
 * its entity and its migration are in `@herald/notification/typeorm`.
 */
export { InboxService } from './inbox.service.js';
export type {
  InboxSendInput,
  InboxQuery,
  InboxResult,
  InboxEventSink,
  InboxServiceOptions,
} from './inbox.service.js';
export { InboxProvider } from './inbox.providers.js';
export { InboxModule } from './inbox.module.js';
export type { InboxModuleOptions } from './inbox-options.interface.js';
export type { InboxModuleExtras } from './inbox.module-definition.js';
export type { InboxDataSource } from './interfaces/inbox-data-source.interface.js';
export { InboxRetentionJob } from './inbox-retention.job.js';
export { InboxError } from './errors/inbox.error.js';
export { InboxExceptionFilter, INBOX_ERROR_HTTP_STATUS } from './inbox-exception.filter.js';
export { findControlCharacter } from './utils/inbox-input.util.js';
export {
  INBOX_READ_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_DELETED_EVENT,
  INBOX_UPDATED_EVENT,
  INBOX_ACTION_EVENT,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
  type InboxUpdatedEvent,
  type InboxActionEvent,
} from './inbox.events.js';
export {
  signInboxToken,
  verifyInboxToken,
  INBOX_TOKEN_DEFAULT_TTL_SECONDS,
  INBOX_TOKEN_MIN_SECRET_LENGTH,
  type SignInboxTokenInput,
  type VerifiedInboxToken,
} from './token/inbox-token.util.js';
export { InboxTokenError, type InboxTokenErrorReason } from './token/inbox-token.error.js';
export { InboxTokenGuard, inboxTokenOf } from './token/inbox-token.guard.js';
export { INBOX_TOKEN_OPTIONS, type InboxTokenOptions } from './token/inbox-token.constants.js';
export {
  LiveEventHub,
  type LiveEvent,
  type LiveMessage,
  type LiveEventHubOptions,
} from './live/live-event.hub.js';
export { serveSse, sseFrame, lastEventIdOf, type SseRequest } from './live/sse-stream.util.js';
export { INBOX_SEVERITIES } from './utils/inbox-model-input.util.js';
export {
  toInboxMessageJson,
  type InboxMessageJson,
  type InboxActionJson,
} from './json/inbox-message.json.js';
export { InboxLiveService, INBOX_LIVE_OPTIONS } from './live/inbox-live.service.js';
export {
  INBOX_STREAM_EVENTS,
  INBOX_STREAM_SOURCES,
  inboxCountsJson,
  toInboxStreamMessage,
} from './live/inbox-live.events.js';
