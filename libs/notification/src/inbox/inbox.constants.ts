/** Options given to `InboxModule.forRoot()` / `createInboxProviders()`. Internal token. */
export const INBOX_OPTIONS = 'HERALD:INBOX_OPTIONS';
/** The resolved, validated `InboxConfig`. Internal token. */
export const INBOX_CONFIG = 'HERALD:INBOX_CONFIG';
/** Table the database store reads and writes (created by `CreateInboxMessages1732300000000`). */
export const INBOX_TABLE = 'herald_inbox_messages';
/** Per-user unread and unseen counters of the database store (`CreateInboxCounters1736700000000`). */
export const INBOX_COUNTERS_TABLE = 'herald_inbox_counters';
/** How often expired messages are purged. @default one hour */
export const DEFAULT_PURGE_INTERVAL_MS = 60 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;
/** The data source handed in `InboxModule.forRoot({ dataSource })`, initialised when it was not. Internal token. */
export const INBOX_DATA_SOURCE = 'HERALD:INBOX_DATA_SOURCE';
