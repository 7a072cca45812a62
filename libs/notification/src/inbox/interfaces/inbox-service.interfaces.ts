import type {
  InboxAction,
  InboxConfig,
  InboxFilter,
  InboxMessage,
  InboxSeverity,
} from '@herald/contracts';

/**
 * What `InboxService.send()` takes: `title` is required, everything else optional
 * (the same fields the routes recipe and the admin page's send form take).
 */
export interface InboxSendInput {
  /** A non-blank line, at most 500 characters. */
  title: string;
  /** Text below the title (line breaks and tabs allowed). @default '' */
  body?: string;
  category?: string;
  actionUrl?: string;
  data?: Record<string, unknown>;
  /** At most 10 tags, each 1–64 characters without control characters; duplicates are dropped. @default [] */
  tags?: string[];
  /** @default 'normal' */
  severity?: InboxSeverity;
  /**
   * At most two buttons (primary, secondary): `{ label, url }` or `{ label, actionId }`.
   * @default []
   */
  actions?: InboxAction[];
}

/** What `InboxService.getInbox()` takes. `limit` defaults to and is capped at `max_page_size`. */
export interface InboxQuery {
  limit?: number;
  cursor?: string;
  /** Same as `filter: { read: false }`. */
  unreadOnly?: boolean;
  /** Which messages (a tab); @default { status: 'inbox' } */
  filter?: InboxFilter;
}

/**
 * One page of a user's inbox, newest first by the time each message was (re)listed,
 * with the user's unread and unseen counts (of the default `inbox` status, whatever the filter).
 */
export interface InboxResult {
  notifications: InboxMessage[];
  unreadCount: number;
  unseenCount: number;
  /** Pass it back as `cursor` for the next (older) page; absent on the last page. */
  nextCursor?: string;
}

/** Anything with `emit(event, payload)`; `EventEmitter2` from `@nestjs/event-emitter` fits. */
export interface InboxEventSink {
  emit(event: string, payload: unknown): unknown;
}

export interface InboxServiceOptions {
  config?: InboxConfig;
  /** Where hooks go; a function is resolved on first use (after bootstrap). */
  events?: InboxEventSink | (() => InboxEventSink | undefined);
  /** Clock, for tests. @default () => new Date() */
  now?: () => Date;
}
