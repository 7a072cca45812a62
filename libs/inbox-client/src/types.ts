/**
 * The headless inbox client's public shapes. `<herald-inbox>` depends on
 * `InboxClient` only, so a test can hand it any object of this shape.
 * Wire names (snake_case) are converted to these camelCase ones by the client.
 */

/** How urgent a message is. @default 'normal' */
export type InboxSeverity = 'low' | 'normal' | 'high' | 'critical';
/** `inbox`: neither archived nor snoozed now; `snoozed`: snoozed now; `all`: everything. */
export type InboxStatus = 'inbox' | 'archived' | 'snoozed' | 'all';

/** A button on a message: `url` is opened by the page, `actionId` is posted back (`runAction`). */
export interface InboxAction {
  label: string;
  url?: string;
  actionId?: string;
}

/** A message as the client shows it (camelCase; dates as `Date`). */
export interface InboxItem {
  id: string;
  title: string;
  body: string;
  category: string | null;
  actionUrl: string | null;
  data: Record<string, unknown> | null;
  read: boolean;
  seen: boolean;
  archived: boolean;
  snoozedUntil: Date | null;
  tags: string[];
  severity: InboxSeverity;
  actions: InboxAction[];
  createdAt: Date;
}

/** Which messages a tab lists; every field given must hold (tags and severity: any of them). */
export interface InboxFilter {
  status?: InboxStatus;
  read?: boolean;
  seen?: boolean;
  tags?: string[];
  severity?: InboxSeverity[];
}

/** A tab of the inbox: its counts are kept by the client. */
export interface InboxTab {
  id: string;
  label: string;
  filter?: InboxFilter;
}

/** Counts of one tab. */
export interface InboxCounts {
  unread: number;
  unseen: number;
  total: number;
}

/** One page of `list()`; `unreadCount` / `unseenCount` are of the default inbox. */
export interface InboxPage {
  items: InboxItem[];
  nextCursor?: string;
  unreadCount: number;
  unseenCount: number;
}

/** One channel of a preference topic. */
export interface PreferenceChannel {
  channel: string;
  enabled: boolean;
}

/** A category of messages and its channels. */
export interface PreferenceTopic {
  category: string;
  label: string;
  channels: PreferenceChannel[];
}

/** `connecting` before the first open, `live` while the stream is open, `offline` while retrying. */
export type ConnectionStatus = 'idle' | 'connecting' | 'live' | 'offline' | 'unauthorized';

/** What changed about a message (the server's `inbox.updated` change names). */
export type InboxChange =
  'seen' | 'read' | 'unread' | 'archived' | 'unarchived' | 'snoozed' | 'unsnoozed';

/** What the client emits; `on(type, listener)` returns the unsubscribe. */
export interface InboxClientEvents {
  /** A message arrived live (not during a resync). */
  message: InboxItem;
  /** A message changed or left (deleted) here or in another tab / device. */
  update: { id?: string; change: InboxChange | 'deleted' | 'read_all'; count?: number };
  /** Server counts for the configured tabs (after every change and every (re)connect). */
  counts: Record<string, InboxCounts>;
  /** Connection status changes. */
  status: ConnectionStatus;
  /** The stream reconnected after a gap the server could not replay: refetch what you show. */
  resync: void;
  /** A request failed; optimistic changes were rolled back already. */
  error: { operation: string; error: Error };
}

/** Options of `HeraldInboxClient`. */
export interface InboxClientOptions {
  /** Base URL of the routes, e.g. `/admin/notifications` or `https://api.example.com/admin/notifications`. */
  baseUrl: string;
  /** Bearer token (subscriber token or the app's own); called again once after a 401. Omit for cookie auth. */
  token?: () => string | Promise<string>;
  /** fetch credentials mode. @default 'same-origin' ('include' for cross-origin cookie auth) */
  credentials?: 'omit' | 'same-origin' | 'include';
  /** Tabs whose counts the client keeps. @default [{ id: 'all', label: 'All' }] */
  tabs?: InboxTab[];
  /** For tests / Node: the fetch to use. @default globalThis.fetch */
  fetch?: typeof fetch;
  /**
   * Backoff of the stream's reconnects (full jitter; after 3 hard failures in a row the cap
   * grows to 10 minutes), how long a hidden page keeps its stream, and after how long a
   * silent stream (no event, no heartbeat) is taken for dead and reopened (0: never).
   * @default { initialMs: 1000, maxMs: 30000, hiddenMs: 30000, idleMs: 60000 }
   */
  reconnect?: { initialMs?: number; maxMs?: number; hiddenMs?: number; idleMs?: number };
  /** For tests: timers, randomness, clock and the page objects listened to. @default the globals */
  runtime?: Partial<InboxRuntime>;
}

/** Something `online` / `visibilitychange` can be heard on (a `window`, a `document`). */
export interface InboxEventTarget {
  addEventListener(type: string, listener: () => void): void;
  removeEventListener(type: string, listener: () => void): void;
}

/** What the client takes from its surroundings; each defaults to the global one. */
export interface InboxRuntime {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  /** A number in [0, 1): the backoff's jitter. */
  random(): number;
  /** Milliseconds since the epoch (whether a snooze is over). */
  now(): number;
  /** Where `online` is heard. @default globalThis when it is an event target (a browser) */
  window?: InboxEventTarget;
  /** Where `visibilitychange` is heard and `visibilityState` read. @default globalThis.document */
  document?: InboxEventTarget & { visibilityState?: string };
}

/** What `<herald-inbox>` needs of a client; `HeraldInboxClient` implements it. */
export interface InboxClient {
  readonly status: ConnectionStatus;
  /** Counts per configured tab, as last known. */
  readonly counts: Record<string, InboxCounts>;
  /** One page of a tab (or of a filter), newest first. */
  list(query?: {
    tab?: string;
    filter?: InboxFilter;
    cursor?: string;
    limit?: number;
  }): Promise<InboxPage>;
  /** Fetches the counts of the configured tabs (one request) and emits `counts`. */
  refreshCounts(): Promise<Record<string, InboxCounts>>;
  /** Per message (optimistic; rolled back with an `error` event when the request fails). */
  markSeen(id: string): Promise<void>;
  markRead(id: string): Promise<void>;
  markUnread(id: string): Promise<void>;
  archive(id: string): Promise<void>;
  unarchive(id: string): Promise<void>;
  snooze(id: string, until: Date): Promise<void>;
  unsnooze(id: string): Promise<void>;
  remove(id: string): Promise<void>;
  /** Bulk: every message of the tab (or filter) seen / read / archived. Returns how many changed. */
  markAll(change: 'seen' | 'read' | 'archived', tab?: string): Promise<number>;
  /** Posts one of the message's actions (`actionId`) back to the server. */
  runAction(id: string, actionId: string): Promise<void>;
  /** The user's preferences: topics × channels. */
  preferences(): Promise<PreferenceTopic[]>;
  /** Turns one channel of one topic on or off. */
  setPreference(category: string, channel: string, enabled: boolean): Promise<void>;
  /** Opens the live stream (idempotent). */
  connect(): void;
  /** Closes it; no reconnect until `connect()`. */
  disconnect(): void;
  on<K extends keyof InboxClientEvents>(
    type: K,
    listener: (value: InboxClientEvents[K]) => void,
  ): () => void;
}
