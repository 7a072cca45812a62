import type {
  ConnectionStatus,
  InboxChange,
  InboxClient,
  InboxClientEvents,
  InboxClientOptions,
  InboxCounts,
  InboxFilter,
  InboxItem,
  InboxPage,
  InboxRuntime,
  InboxTab,
  PreferenceTopic,
} from '../types.js';
import { Backoff } from './backoff.js';
import { Emitter } from './emitter.js';
import { InboxRequestError } from './inbox-request.error.js';
import { LiveStream } from './live-stream.js';
import type { SseEvent } from './sse-parser.js';
import { countsOf, filterJson, filterQuery, matches, toItem, type MessageJson } from './wire.js';

type Counts = Record<string, InboxCounts>;
interface Changed {
  message?: MessageJson;
}

/** Items kept for optimistic updates and live changes (the oldest listed leave first). */
const CACHE = 1000;

function runtimeOf(given: Partial<InboxRuntime> = {}): InboxRuntime {
  const g = globalThis as unknown as {
    addEventListener?: unknown;
    document?: InboxRuntime['document'];
  };
  return {
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    random: Math.random,
    now: Date.now,
    window: typeof g.addEventListener === 'function' ? (g as InboxRuntime['window']) : undefined,
    document: g.document,
    ...given,
  };
}

const isObject = (v: unknown): boolean => !!v && typeof v === 'object' && !Array.isArray(v);

/** `value` as one path segment: a non-empty string of whole characters. */
function seg(value: string, field: string): string {
  try {
    if (typeof value === 'string' && value) return encodeURIComponent(value);
  } catch {
    // a lone surrogate: not an id the server can have given
  }
  throw new TypeError(`inbox client: ${field} must be a non-empty string`);
}

function need(ok: unknown, field: string, allowed: string): void {
  if (!ok) throw new TypeError(`inbox client: ${field} must be ${allowed}`);
}

/**
 * The headless inbox client: lists and counts per tab, changes messages with
 * optimistic updates (rolled back, with an `error` event, when the server
 * refuses), and keeps a live stream open with reconnects, `Last-Event-ID`
 * replay and a `resync` after a gap. Items returned by `list()` are kept and
 * changed in place, so one id is always one object.
 *
 * @example
 * const inbox = new HeraldInboxClient({ baseUrl: '/admin/notifications', token: getToken });
 * inbox.on('counts', (c) => render(c.all.unread));
 * inbox.connect();
 */
export class HeraldInboxClient implements InboxClient {
  private now: { status: ConnectionStatus; counts: Counts } = { status: 'idle', counts: {} };
  private readonly events = new Emitter<InboxClientEvents>();
  private readonly items = new Map<string, InboxItem>();
  private readonly tabs: InboxTab[];
  private readonly base: string;
  private readonly rt: InboxRuntime;
  private readonly stream: LiveStream;
  private token?: Promise<string>;
  private hadState = false;
  private countsRun?: Promise<unknown>;
  private countsAgain = false;

  constructor(private readonly options: InboxClientOptions) {
    need(typeof options?.baseUrl === 'string' && options.baseUrl, 'baseUrl', 'a non-empty URL');
    const tabs = (this.tabs = options.tabs ?? [{ id: 'all', label: 'All' }]);
    need(
      Array.isArray(tabs) && tabs.length > 0 && tabs.length <= 20,
      'tabs',
      'a list of 1 to 20 tabs',
    );
    const ids = tabs.map((t) => t?.id);
    need(
      ids.every((id) => typeof id === 'string' && id) && new Set(ids).size === ids.length,
      'tabs[].id',
      'a unique non-empty string',
    );
    this.base = options.baseUrl.replace(/\/+$/, '');
    this.rt = runtimeOf(options.runtime);
    const {
      initialMs = 1000,
      maxMs = 30_000,
      hiddenMs = 30_000,
      idleMs = 60_000,
    } = options.reconnect ?? {};
    const ms = { initialMs, maxMs, hiddenMs, idleMs };
    for (const [key, value] of Object.entries(ms)) {
      // a zero or NaN first delay would reconnect in a tight loop
      need(
        Number.isFinite(value) && value >= (key === 'initialMs' ? 1 : 0),
        `reconnect.${key}`,
        key === 'initialMs' ? 'at least 1 (milliseconds)' : 'a number of milliseconds, 0 or more',
      );
    }
    const credentials = options.credentials ?? 'same-origin';
    need(
      ['omit', 'same-origin', 'include'].includes(credentials),
      'credentials',
      "'omit', 'same-origin' or 'include'",
    );
    this.stream = new LiveStream(
      {
        url: `${this.base}/stream`,
        fetch: (url, init) => this.fetch(url, init),
        credentials,
        headers: () => this.headers(),
        refreshToken: () => this.refreshToken(this.token).then(Boolean),
        event: (e) => this.onEvent(e),
        status: (s) => this.setStatus(s),
      },
      this.rt,
      new Backoff(initialMs, maxMs, this.rt.random),
      hiddenMs,
      idleMs,
    );
  }

  /** The live stream's state. */
  get status(): ConnectionStatus {
    return this.now.status;
  }

  /** Counts per configured tab, as last known (the server's, with optimistic changes applied). */
  get counts(): Record<string, InboxCounts> {
    return this.now.counts;
  }

  /** Listens to `type`; returns the unsubscribe. */
  on<K extends keyof InboxClientEvents>(
    type: K,
    listener: (value: InboxClientEvents[K]) => void,
  ): () => void {
    return this.events.on(type, listener);
  }

  /** Opens the live stream (idempotent); after `unauthorized`, starts over. */
  connect(): void {
    this.stream.start();
  }

  /** Closes the stream: status `idle`, no reconnect until `connect()`. */
  disconnect(): void {
    this.stream.stop();
  }

  /** One page of a tab (or a filter), newest first; the items are kept and changed in place later. */
  async list(
    query: { tab?: string; filter?: InboxFilter; cursor?: string; limit?: number } = {},
  ): Promise<InboxPage> {
    const q = new URLSearchParams();
    need(isObject(query ?? {}), 'query', 'an object');
    query ??= {};
    let filter = query.filter;
    need(filter === undefined || isObject(filter), 'filter', 'an object');
    if (query.tab !== undefined) {
      const tab = this.tabs.find((t) => t.id === query.tab);
      need(tab, 'tab', `one of the configured tabs (${this.tabs.map((t) => t.id).join(', ')})`);
      filter ??= tab!.filter;
    }
    if (query.limit !== undefined) {
      need(Number.isInteger(query.limit) && query.limit > 0, 'limit', 'a positive integer');
      q.set('limit', String(query.limit));
    }
    if (query.cursor !== undefined) {
      need(typeof query.cursor === 'string', 'cursor', 'the nextCursor of a page');
      q.set('cursor', query.cursor);
    }
    filterQuery(filter ?? {}, q);
    const qs = q.toString();
    const res = await this.request<{
      unread_count: number;
      unseen_count: number;
      notifications: MessageJson[];
      next_cursor?: string | null;
    }>('list', 'GET', `inbox${qs ? `?${qs}` : ''}`);
    this.hadState = true;
    const page: InboxPage = {
      items: res.notifications.map((m) => this.keep(toItem(m))),
      unreadCount: res.unread_count,
      unseenCount: res.unseen_count,
    };
    if (res.next_cursor) page.nextCursor = res.next_cursor;
    return page;
  }

  /** Fetches the counts of every configured tab in one request and emits `counts`. */
  async refreshCounts(): Promise<Record<string, InboxCounts>> {
    const tabs = Object.fromEntries(this.tabs.map((t) => [t.id, filterJson(t.filter)]));
    const res = await this.request<{ counts: Counts }>('counts', 'POST', 'counts', { tabs });
    this.hadState = true;
    this.now.counts = res.counts;
    this.events.emit('counts', res.counts);
    return res.counts;
  }

  /** Marks a message seen (the bell was opened while it was listed). */
  markSeen(id: string): Promise<void> {
    return this.change(id, 'seen', 'seen', (i) => (i.seen = true));
  }

  /** Marks a message read (and seen). */
  markRead(id: string): Promise<void> {
    return this.change(id, 'read', 'read', (i) => (i.read = i.seen = true));
  }

  /** Marks a message unread again. */
  markUnread(id: string): Promise<void> {
    return this.change(id, 'unread', 'unread', (i) => (i.read = false));
  }

  /** Archives a message: it leaves the default (`inbox`) list. */
  archive(id: string): Promise<void> {
    return this.change(id, 'archive', 'archived', (i) => (i.archived = true));
  }

  /** Brings an archived message back. */
  unarchive(id: string): Promise<void> {
    return this.change(id, 'unarchive', 'unarchived', (i) => (i.archived = false));
  }

  /** Hides a message until `until` (a future Date); then it is back on top. */
  async snooze(id: string, until: Date): Promise<void> {
    need(
      until instanceof Date && until.getTime() > this.rt.now(),
      'until',
      'a valid Date in the future',
    );
    return this.change(id, 'snooze', 'snoozed', (i) => (i.snoozedUntil = until), {
      until: until.toISOString(),
    });
  }

  /** Ends a snooze now. */
  unsnooze(id: string): Promise<void> {
    return this.change(id, 'unsnooze', 'unsnoozed', (i) => (i.snoozedUntil = null));
  }

  /** Deletes a message. */
  async remove(id: string): Promise<void> {
    const path = `messages/${seg(id, 'id')}`;
    const item = this.items.get(id);
    if (item) {
      this.shift([item], -1);
      this.items.delete(id);
      this.events.emit('update', { id, change: 'deleted' });
    }
    try {
      await this.request('remove', 'DELETE', path);
    } catch (error) {
      if (item) this.shift([this.keep(item)], 1);
      throw this.failed('remove', error);
    }
    this.queueCounts();
  }

  /** Marks every message of `tab` (default: the inbox) seen, read or archived; resolves with how many changed. */
  async markAll(change: 'seen' | 'read' | 'archived', tab?: string): Promise<number> {
    need(['seen', 'read', 'archived'].includes(change), 'change', "'seen', 'read' or 'archived'");
    const found = tab === undefined ? undefined : this.tabs.find((t) => t.id === tab);
    need(tab === undefined || found, 'tab', `one of the configured tabs`);
    const filter = found?.filter;
    const now = this.rt.now();
    const field = change === 'archived' ? 'archived' : change;
    const targets = [...this.items.values()].filter((i) => !i[field] && matches(filter, i, now));
    const res = await this.optimistic(
      'markAll',
      targets,
      (i) => {
        i[field] = true;
        if (change === 'read') i.seen = true;
      },
      () =>
        this.request<{ changed: number }>(
          'markAll',
          'POST',
          `bulk/${change === 'archived' ? 'archive' : change}`,
          filter ? { filter: filterJson(filter) } : {},
        ),
    );
    this.events.emit('update', { change, count: res.changed });
    return res.changed;
  }

  /** Runs one of the message's actions that has an `actionId` (posted to the server). */
  async runAction(id: string, actionId: string): Promise<void> {
    const path = `messages/${seg(id, 'id')}/actions/${seg(actionId, 'actionId')}`;
    await this.request('runAction', 'POST', path);
  }

  /** The user's preferences: topics (categories) × channels. */
  async preferences(): Promise<PreferenceTopic[]> {
    const res = await this.request<{ topics: PreferenceTopic[] }>(
      'preferences',
      'GET',
      'preferences',
    );
    return res.topics;
  }

  /** Turns one channel of one category on or off. */
  async setPreference(category: string, channel: string, enabled: boolean): Promise<void> {
    need(typeof category === 'string' && category, 'category', 'a non-empty string');
    need(typeof channel === 'string' && channel, 'channel', 'a non-empty string');
    need(typeof enabled === 'boolean', 'enabled', 'true or false');
    await this.request('setPreference', 'PUT', 'preferences', { category, channel, enabled });
  }

  /** One message changed: cached item and counts at once, then the request; rolled back on failure. */
  private async change(
    id: string,
    route: string,
    change: InboxChange,
    apply: (item: InboxItem) => void,
    body?: unknown,
  ): Promise<void> {
    const path = `messages/${seg(id, 'id')}/${route}`;
    const item = this.items.get(id);
    const res = await this.optimistic(route, item ? [item] : [], apply, () => {
      if (item) this.events.emit('update', { id, change });
      return this.request<Changed>(route, 'POST', path, body);
    });
    if (res.message) this.keep(toItem(res.message));
  }

  private async optimistic<T>(
    operation: string,
    targets: InboxItem[],
    apply: (item: InboxItem) => void,
    send: () => Promise<T>,
  ): Promise<T> {
    const before = targets.map((i) => ({ ...i }));
    this.shift(targets, -1);
    targets.forEach(apply);
    this.shift(targets, 1);
    try {
      const res = await send();
      this.queueCounts();
      return res;
    } catch (error) {
      this.shift(targets, -1);
      targets.forEach((item, i) => Object.assign(item, before[i]));
      this.shift(targets, 1);
      throw this.failed(operation, error);
    }
  }

  /** Adds (1) or takes away (-1) what `items` count in each configured tab, and emits the counts. */
  private shift(items: InboxItem[], sign: 1 | -1): void {
    if (!items.length) return;
    const now = this.rt.now();
    // no prototype: a tab id may be `__proto__`
    const counts: Counts = Object.create(null);
    for (const tab of this.tabs) {
      const c = countsOf(this.counts, tab.id);
      if (!c) continue;
      const next = (counts[tab.id] = { ...c });
      for (const i of items) {
        if (!matches(tab.filter, i, now)) continue;
        next.total = Math.max(0, next.total + sign);
        if (!i.read) next.unread = Math.max(0, next.unread + sign);
        if (!i.seen) next.unseen = Math.max(0, next.unseen + sign);
      }
    }
    this.now.counts = counts;
    this.events.emit('counts', counts);
  }

  private failed(operation: string, error: unknown): Error {
    const e = error instanceof Error ? error : new Error(String(error));
    this.events.emit('error', { operation, error: e });
    return e;
  }

  /** The one object of this id, refreshed from `fresh`. */
  private keep(fresh: InboxItem): InboxItem {
    const known = this.items.get(fresh.id);
    if (known) return Object.assign(known, fresh);
    this.items.set(fresh.id, fresh);
    if (this.items.size > CACHE) this.items.delete(this.items.keys().next().value!);
    return fresh;
  }

  /** Counts refreshed after changes, one request at a time (a burst of events costs two). */
  private queueCounts(): void {
    if (this.countsRun) {
      this.countsAgain = true;
      return;
    }
    this.countsRun = this.refreshCounts()
      .catch((error: unknown) => this.failed('counts', error))
      .finally(() => {
        this.countsRun = undefined;
        if (this.countsAgain) {
          this.countsAgain = false;
          this.queueCounts();
        }
      });
  }

  private onEvent(e: SseEvent): void {
    let data: { message_id?: string; change?: InboxChange; count?: number } & MessageJson;
    try {
      data = JSON.parse(e.data);
    } catch {
      return;
    }
    if (!data || typeof data !== 'object') return;
    if (e.type === 'sync') {
      if (this.hadState) this.events.emit('resync', undefined);
      this.hadState = true;
      return this.queueCounts();
    }
    this.hadState = true;
    if (e.type === 'inbox.sent') {
      if (typeof data.id !== 'string' || this.items.has(data.id)) return;
      this.events.emit('message', this.keep(toItem(data)));
      return this.queueCounts();
    }
    const change =
      e.type === 'inbox.updated'
        ? data.change
        : (
            {
              'inbox.read': 'read',
              'inbox.read_all': 'read_all',
              'inbox.deleted': 'deleted',
            } as const
          )[e.type];
    if (!change) return;
    const id = data.message_id;
    const targets = id
      ? [this.items.get(id)]
      : change === 'read_all'
        ? [...this.items.values()]
        : [];
    for (const i of targets) {
      if (!i) continue;
      if (change === 'read' || change === 'read_all') i.read = i.seen = true;
      else if (change === 'seen') i.seen = true;
      else if (change === 'unread') i.read = false;
      else if (change === 'archived' || change === 'unarchived') i.archived = change === 'archived';
      else if (change === 'unsnoozed') i.snoozedUntil = null;
      else if (change === 'deleted') this.items.delete(i.id);
    }
    const update: InboxClientEvents['update'] = { change };
    if (id) update.id = id;
    if (data.count !== undefined) update.count = data.count;
    this.events.emit('update', update);
    this.queueCounts();
  }

  private setStatus(status: ConnectionStatus): void {
    if (status === this.now.status) return;
    this.now.status = status;
    this.events.emit('status', status);
  }

  private fetch(input: string, init: RequestInit): Promise<Response> {
    return (this.options.fetch ?? fetch)(input, init);
  }

  private token0(): Promise<string> | undefined {
    const get = this.options.token;
    if (!get) return undefined;
    if (!this.token) {
      const t = (this.token = Promise.resolve().then(get));
      t.catch(() => this.token === t && (this.token = undefined));
    }
    return this.token;
  }

  /** A new token after a 401/403; undefined for cookie auth or when the callback fails. */
  private refreshToken(stale: Promise<string> | undefined): Promise<string | undefined> {
    if (this.token === stale) this.token = undefined;
    return this.token0()?.catch(() => undefined) ?? Promise.resolve(undefined);
  }

  private async headers(): Promise<Record<string, string>> {
    const token = await this.token0();
    return token ? { authorization: `Bearer ${token}` } : {};
  }

  private async request<T>(
    operation: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    for (let refreshed = false; ; refreshed = true) {
      let used: Promise<string> | undefined;
      let res: Response;
      try {
        const headers = await this.headers();
        used = this.token;
        headers.accept = 'application/json';
        if (body !== undefined) headers['content-type'] = 'application/json';
        res = await this.fetch(`${this.base}/${path}`, {
          method,
          headers,
          credentials: this.options.credentials ?? 'same-origin',
          body: body === undefined ? undefined : JSON.stringify(body),
        });
      } catch (cause) {
        throw new InboxRequestError(operation, 0, undefined, { cause });
      }
      if ((res.status === 401 || res.status === 403) && !refreshed && this.options.token) {
        void res.body?.cancel().catch(() => {});
        if (await this.refreshToken(used)) continue;
      }
      const text = await res.text().catch(() => '');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      if (res.ok) return json as T;
      const message = (json as { message?: unknown } | undefined)?.message;
      throw new InboxRequestError(
        operation,
        res.status,
        Array.isArray(message)
          ? message.join('; ')
          : typeof message === 'string'
            ? message
            : undefined,
      );
    }
  }
}
