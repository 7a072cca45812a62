/**
 * @herald/notification/inbox: the per-user in-app inbox (SPEC `InboxService`,
 * `InboxProvider`, `InMemoryInboxStore`, `DatabaseInboxStore`).
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
export { InboxRetentionJob } from './inbox-retention.job';
export { InMemoryInboxStore } from './stores/in-memory-inbox.store';
export { DatabaseInboxStore } from './stores/database-inbox.store';
export { InboxMessageEntity, inboxMessageEntity } from './entities/inbox-message.entity';
export { CreateInboxMessages1732300000000 } from './migrations/create-inbox-messages.migration';
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
