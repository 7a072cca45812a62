/// <reference lib="dom" />
/**
 * A scripted in-memory `InboxClient` for the element's browser tests and bench:
 * it records every call, can fail chosen operations, hold `list()` (loading
 * state), change its connection status and push live messages.
 */
import type {
  ConnectionStatus,
  InboxClient,
  InboxClientEvents,
  InboxCounts,
  InboxFilter,
  InboxItem,
  InboxPage,
  InboxTab,
  PreferenceTopic,
} from '../../../libs/inbox-client/src/types.js';
import { countsOf, matches } from '../../../libs/inbox-client/src/client/wire.js';

type Listener = (value: any) => void;

export interface FakeCall {
  op: string;
  args: unknown[];
  at: number;
}

let seq = 0;

/** A message with defaults; `minutesAgo` sets `createdAt`. */
export function fakeItem(over: Partial<InboxItem> & { minutesAgo?: number } = {}): InboxItem {
  const { minutesAgo = 1, ...rest } = over;
  seq++;
  return {
    id: `m${seq}`,
    title: `Message ${seq}`,
    body: `Body of message ${seq}`,
    category: null,
    actionUrl: null,
    data: null,
    read: false,
    seen: false,
    archived: false,
    snoozedUntil: null,
    tags: [],
    severity: 'normal',
    actions: [],
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
    ...rest,
  };
}

export class FakeInboxClient implements InboxClient {
  status: ConnectionStatus = 'idle';
  counts: Record<string, InboxCounts> = {};
  calls: FakeCall[] = [];
  /** Operations that reject (e.g. 'archive', 'list', 'preferences'). */
  failing = new Set<string>();
  /** While set, `list()` waits for `release()`. */
  private held?: { promise: Promise<void>; resolve: () => void };
  private listeners = new Map<string, Set<Listener>>();

  constructor(
    public items: InboxItem[],
    private tabs: InboxTab[] = [{ id: 'all', label: 'All' }],
    public topics: PreferenceTopic[] = [],
  ) {}

  hold(): void {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    this.held = { promise, resolve };
  }
  release(): void {
    this.held?.resolve();
    this.held = undefined;
  }

  setStatus(status: ConnectionStatus): void {
    this.status = status;
    this.emit('status', status);
  }

  /** A message arrives live. */
  push(item: InboxItem): void {
    this.items.unshift(item);
    this.emit('message', item);
    // counted in place (the bench pushes 1,000 a minute): only the new item changes the counts
    const now = Date.now();
    // no prototype, as a JSON answer has own keys only: a tab id may be `__proto__`
    const counts = Object.assign(Object.create(null), this.counts);
    for (const tab of this.tabs) {
      if (!matches(tab.filter, item, now)) continue;
      const c = countsOf(counts, tab.id) ?? { unread: 0, unseen: 0, total: 0 };
      counts[tab.id] = {
        unread: c.unread + (item.read ? 0 : 1),
        unseen: c.unseen + (item.seen ? 0 : 1),
        total: c.total + 1,
      };
    }
    this.counts = counts;
    this.emit('counts', counts);
  }

  on<K extends keyof InboxClientEvents>(
    type: K,
    listener: (v: InboxClientEvents[K]) => void,
  ): () => void {
    const set = this.listeners.get(type) ?? new Set();
    this.listeners.set(type, set);
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  private emit(type: string, value?: unknown): void {
    for (const l of this.listeners.get(type) ?? []) l(value);
  }

  private async call(op: string, args: unknown[]): Promise<void> {
    this.calls.push({ op, args, at: Date.now() });
    await Promise.resolve();
    if (this.failing.has(op)) throw new Error(`${op} failed (scripted)`);
  }

  private computeCounts(): Record<string, InboxCounts> {
    const now = Date.now();
    const out: Record<string, InboxCounts> = Object.create(null); // a tab id may be `__proto__`
    for (const tab of this.tabs) {
      const listed = this.items.filter((i) => matches(tab.filter, i, now));
      out[tab.id] = {
        unread: listed.filter((i) => !i.read).length,
        unseen: listed.filter((i) => !i.seen).length,
        total: listed.length,
      };
    }
    return out;
  }

  private emitCounts(): void {
    this.counts = this.computeCounts();
    this.emit('counts', this.counts);
  }

  async list(
    query: { tab?: string; filter?: InboxFilter; cursor?: string; limit?: number } = {},
  ): Promise<InboxPage> {
    await this.call('list', [query]);
    if (this.held) await this.held.promise;
    const now = Date.now();
    const filter = query.filter ?? this.tabs.find((t) => t.id === query.tab)?.filter;
    const all = this.items
      .filter((i) => matches(filter, i, now))
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
    const start = query.cursor ? Number(query.cursor) : 0;
    const limit = query.limit ?? 50;
    const inbox = this.items.filter((i) => matches({}, i, now));
    return {
      items: all.slice(start, start + limit).map((i) => ({ ...i })),
      nextCursor: start + limit < all.length ? String(start + limit) : undefined,
      unreadCount: inbox.filter((i) => !i.read).length,
      unseenCount: inbox.filter((i) => !i.seen).length,
    };
  }

  async refreshCounts(): Promise<Record<string, InboxCounts>> {
    await this.call('refreshCounts', []);
    this.emitCounts();
    return this.counts;
  }

  private async change(
    op: string,
    id: string,
    patch: Partial<InboxItem>,
    args: unknown[] = [id],
  ): Promise<void> {
    await this.call(op, args);
    const item = this.items.find((i) => i.id === id);
    if (item) Object.assign(item, patch);
    this.emitCounts();
  }

  markSeen(id: string) {
    return this.change('markSeen', id, { seen: true });
  }
  markRead(id: string) {
    return this.change('markRead', id, { read: true, seen: true });
  }
  markUnread(id: string) {
    return this.change('markUnread', id, { read: false });
  }
  archive(id: string) {
    return this.change('archive', id, { archived: true });
  }
  unarchive(id: string) {
    return this.change('unarchive', id, { archived: false });
  }
  snooze(id: string, until: Date) {
    return this.change('snooze', id, { snoozedUntil: until }, [id, until.toISOString()]);
  }
  unsnooze(id: string) {
    return this.change('unsnooze', id, { snoozedUntil: null });
  }
  async remove(id: string): Promise<void> {
    await this.call('remove', [id]);
    this.items = this.items.filter((i) => i.id !== id);
    this.emitCounts();
  }

  async markAll(change: 'seen' | 'read' | 'archived', tab?: string): Promise<number> {
    await this.call('markAll', [change, tab]);
    const filter = tab === undefined ? undefined : this.tabs.find((t) => t.id === tab)?.filter;
    if (tab !== undefined && !this.tabs.some((t) => t.id === tab))
      throw new TypeError(`unknown tab ${tab}`);
    const now = Date.now();
    const targets = this.items.filter(
      (i) => matches(filter, i, now) && !i[change === 'archived' ? 'archived' : change],
    );
    for (const i of targets) {
      if (change === 'seen') i.seen = true;
      if (change === 'read') i.read = i.seen = true;
      if (change === 'archived') i.archived = true;
    }
    this.emitCounts();
    return targets.length;
  }

  async runAction(id: string, actionId: string): Promise<void> {
    await this.call('runAction', [id, actionId]);
  }

  async preferences(): Promise<PreferenceTopic[]> {
    await this.call('preferences', []);
    return this.topics.map((t) => ({ ...t, channels: t.channels.map((c) => ({ ...c })) }));
  }

  async setPreference(category: string, channel: string, enabled: boolean): Promise<void> {
    await this.call('setPreference', [category, channel, enabled]);
    const c = this.topics
      .find((t) => t.category === category)
      ?.channels.find((x) => x.channel === channel);
    if (c) c.enabled = enabled;
  }

  connect(): void {
    this.calls.push({ op: 'connect', args: [], at: Date.now() });
    if (this.status !== 'live') this.setStatus('live');
  }
  disconnect(): void {
    this.calls.push({ op: 'disconnect', args: [], at: Date.now() });
    this.setStatus('idle');
  }
}
