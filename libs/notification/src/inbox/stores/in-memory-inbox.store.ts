import type {
  InboxBulkChange,
  InboxCounts,
  InboxFilter,
  InboxMessage,
  InboxPage,
  InboxPageQuery,
  InboxStateChange,
  InboxStoreProtocol,
} from '@herald/contracts';
import { decodeInboxCursor, encodeInboxCursor } from '../utils/inbox-cursor.util.js';
import { applyInboxChange, matchesInboxFilter } from '../utils/inbox-filter.util.js';
import {
  refuseInboxControls,
  refuseInboxFilterControls,
  refuseInboxMessageControls,
} from './inbox-store-input.util.js';

/** A stored message and its list time: `createdAt`, or the end of its snooze. */
interface Entry {
  m: InboxMessage;
  listedAtMs: number;
}

interface UserBox {
  /** Ascending by (listedAtMs, id); newest last. */
  ordered: Entry[];
  byId: Map<string, Entry>;
}

const after = (e: Entry, ms: number, id: string): boolean =>
  e.listedAtMs > ms || (e.listedAtMs === ms && e.m.id > id);

const copy = (m: InboxMessage): InboxMessage => ({
  ...m,
  data: m.data === undefined ? undefined : structuredClone(m.data),
  readAt: m.readAt && new Date(m.readAt),
  seenAt: m.seenAt && new Date(m.seenAt),
  archivedAt: m.archivedAt && new Date(m.archivedAt),
  snoozedUntil: m.snoozedUntil && new Date(m.snoozedUntil),
  tags: [...m.tags],
  actions: m.actions.map((a) => ({ ...a })),
  createdAt: new Date(m.createdAt),
  expiresAt: new Date(m.expiresAt),
});

/**
 * Inbox store kept in process memory (`store_backend: memory`): for tests and
 * single-instance apps that can lose the inbox on restart. Messages are kept per
 * user in list order, so a page is a binary search plus steps over the
 * user's messages until `limit` match the filter. Callers get copies; nothing
 * they mutate reaches the store.
 */
export class InMemoryInboxStore implements InboxStoreProtocol {
  private readonly boxes = new Map<string, UserBox>();

  async insert(message: InboxMessage): Promise<InboxMessage> {
    refuseInboxMessageControls(message);
    const m = copy(message);
    this.place(this.box(m.userId, true)!, {
      m,
      listedAtMs: m.snoozedUntil?.getTime() ?? m.createdAt.getTime(),
    });
    return copy(m);
  }

  async list(userId: string, query: InboxPageQuery, now: Date): Promise<InboxPage> {
    refuseInboxControls({ userId });
    refuseInboxFilterControls(query.filter);
    const ordered = this.box(userId)?.ordered ?? [];
    const cursor = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
    const filter: InboxFilter = query.unreadOnly
      ? { ...query.filter, read: false }
      : (query.filter ?? {});
    let i = ordered.length - 1;
    if (cursor) i = this.lastBefore(ordered, cursor.listedAtMs, cursor.id);
    const page: Entry[] = [];
    const nowMs = now.getTime();
    let more = false;
    for (; i >= 0; i--) {
      const e = ordered[i];
      if (e.m.expiresAt.getTime() <= nowMs || !matchesInboxFilter(e.m, filter, nowMs)) continue;
      if (page.length === query.limit) {
        more = true;
        break;
      }
      page.push(e);
    }
    const last = page[page.length - 1];
    return {
      notifications: page.map((e) => copy(e.m)),
      nextCursor:
        more && last
          ? encodeInboxCursor({ listedAtMs: last.listedAtMs, id: last.m.id })
          : undefined,
    };
  }

  async findOne(userId: string, messageId: string, now: Date): Promise<InboxMessage | undefined> {
    refuseInboxControls({ userId, messageId });
    const e = this.box(userId)?.byId.get(messageId);
    return e && e.m.expiresAt > now ? copy(e.m) : undefined;
  }

  markRead(userId: string, messageId: string, at: Date): Promise<boolean> {
    return this.update(userId, messageId, { change: 'read' }, at);
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    return this.updateAll(userId, 'read', { status: 'all' }, at);
  }

  async update(
    userId: string,
    messageId: string,
    change: InboxStateChange,
    at: Date,
  ): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const box = this.box(userId);
    const e = box?.byId.get(messageId);
    if (!box || !e || e.m.expiresAt <= at) return false;
    const { changed, listedAtMs } = applyInboxChange(e.m, change, at);
    if (listedAtMs !== undefined && listedAtMs !== e.listedAtMs) {
      box.ordered.splice(box.ordered.indexOf(e), 1);
      this.place(box, { m: e.m, listedAtMs });
    }
    return changed;
  }

  async updateAll(
    userId: string,
    change: InboxBulkChange,
    filter: InboxFilter,
    at: Date,
  ): Promise<number> {
    refuseInboxControls({ userId });
    refuseInboxFilterControls(filter);
    const atMs = at.getTime();
    let changed = 0;
    for (const e of this.box(userId)?.ordered ?? []) {
      if (e.m.expiresAt.getTime() <= atMs || !matchesInboxFilter(e.m, filter, atMs)) continue;
      if (applyInboxChange(e.m, { change }, at).changed) changed++;
    }
    return changed;
  }

  async counts(
    userId: string,
    tabs: Record<string, InboxFilter>,
    now: Date,
  ): Promise<Record<string, InboxCounts>> {
    refuseInboxControls({ userId });
    for (const id of Object.keys(tabs)) refuseInboxFilterControls(tabs[id], `tabs.${id}`);
    const nowMs = now.getTime();
    const live = (this.box(userId)?.ordered ?? []).filter((e) => e.m.expiresAt.getTime() > nowMs);
    return Object.fromEntries(
      Object.keys(tabs).map((id) => {
        const counts = { unread: 0, unseen: 0, total: 0 };
        for (const { m } of live) {
          if (!matchesInboxFilter(m, tabs[id], nowMs)) continue;
          counts.total++;
          if (!m.readAt) counts.unread++;
          if (!m.seenAt) counts.unseen++;
        }
        return [id, counts];
      }),
    );
  }

  async delete(userId: string, messageId: string): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const box = this.box(userId);
    const e = box?.byId.get(messageId);
    if (!box || !e) return false;
    box.byId.delete(messageId);
    box.ordered.splice(box.ordered.indexOf(e), 1);
    return true;
  }

  async countUnread(userId: string, now: Date): Promise<number> {
    return (await this.counts(userId, { inbox: {} }, now)).inbox.unread;
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [userId, box] of this.boxes) {
      const kept = box.ordered.filter((e) => e.m.expiresAt > now);
      purged += box.ordered.length - kept.length;
      if (kept.length === 0) {
        this.boxes.delete(userId);
        continue;
      }
      if (kept.length !== box.ordered.length) {
        box.ordered = kept;
        box.byId = new Map(kept.map((e) => [e.m.id, e]));
      }
    }
    return purged;
  }

  async ping(): Promise<void> {}

  private box(userId: string, create = false): UserBox | undefined {
    let box = this.boxes.get(userId);
    if (!box && create) {
      box = { ordered: [], byId: new Map() };
      this.boxes.set(userId, box);
    }
    return box;
  }

  /** Inserts in list order (usually at the end: a new message is the newest). */
  private place(box: UserBox, entry: Entry): void {
    const { ordered } = box;
    let i = ordered.length;
    while (i > 0 && after(ordered[i - 1], entry.listedAtMs, entry.m.id)) i--;
    ordered.splice(i, 0, entry);
    box.byId.set(entry.m.id, entry);
  }

  /** Index of the newest entry strictly before the cursor, or -1. */
  private lastBefore(ordered: Entry[], ms: number, id: string): number {
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (after(ordered[mid], ms, id) || ordered[mid].m.id === id) hi = mid;
      else lo = mid + 1;
    }
    return lo - 1;
  }
}
