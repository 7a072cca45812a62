/**
 * `@herald/notification/inbox`: the per-user in-app inbox (`InboxService`,
 * `InboxProvider`, `InboxModule`, `InMemoryInboxStore`). The database store,
 * its entity and its migration are in `@herald/notification/typeorm`.
 */
export { InboxService } from './inbox.service';
export type {
  InboxSendInput,
  InboxQuery,
  InboxResult,
  InboxEventSink,
  InboxServiceOptions,
} from './inbox.service';
export { InboxProvider, createInboxProviders } from './inbox.providers';
export { InboxModule } from './inbox.module';
export type { InboxModuleOptions } from './inbox-options.interface';
export type { InboxModuleExtras } from './inbox.module-definition';
export type { InboxDataSource } from './interfaces/inbox-data-source.interface';
export { InboxRetentionJob } from './inbox-retention.job';
export { InMemoryInboxStore } from './stores/in-memory-inbox.store';
export { InboxError } from './errors/inbox.error';
export { InboxExceptionFilter, INBOX_ERROR_HTTP_STATUS } from './inbox-exception.filter';
export { findControlCharacter } from './utils/inbox-input.util';
export {
  INBOX_READ_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_DELETED_EVENT,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
} from './inbox.events';
export { INBOX_TABLE } from './inbox.constants';
export { isUuid } from './utils/uuid-v7.util';
