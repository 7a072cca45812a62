import type {
  InboxMessage,
  InboxPage,
  InboxPageQuery,
  InboxStoreProtocol,
} from '@herald/contracts';
import { decodeInboxCursor, encodeInboxCursor } from '../utils/inbox-cursor.util.js';
import { refuseInboxControls, refuseInboxMessageControls } from './inbox-store-input.util.js';

interface UserBox {
  /** Ascending by (createdAt, id); newest last. */
  ordered: InboxMessage[];
  byId: Map<string, InboxMessage>;
}

const newer = (a: InboxMessage, ms: number, id: string): boolean => {
  const t = a.createdAt.getTime();
  return t > ms || (t === ms && a.id > id);
};

const copy = (m: InboxMessage): InboxMessage => ({
  ...m,
  data: m.data === undefined ? undefined : structuredClone(m.data),
  readAt: m.readAt && new Date(m.readAt),
  createdAt: new Date(m.createdAt),
  expiresAt: new Date(m.expiresAt),
});

/**
 * Inbox store kept in process memory (`store_backend: memory`): for tests and
 * single-instance apps that can lose the inbox on restart. Messages are kept per
 * user in keyset order, so a page is a binary search plus `limit` steps.
 * Callers get copies; nothing they mutate reaches the store.
 */
export class InMemoryInboxStore implements InboxStoreProtocol {
  private readonly boxes = new Map<string, UserBox>();

  async insert(message: InboxMessage): Promise<InboxMessage> {
    refuseInboxMessageControls(message);
    const stored = copy(message);
    const box = this.box(stored.userId, true)!;
    const { ordered } = box;
    const ms = stored.createdAt.getTime();
    let i = ordered.length;
    while (i > 0 && newer(ordered[i - 1], ms, stored.id)) i--;
    ordered.splice(i, 0, stored);
    box.byId.set(stored.id, stored);
    return copy(stored);
  }

  async list(userId: string, query: InboxPageQuery, now: Date): Promise<InboxPage> {
    refuseInboxControls({ userId });
    const ordered = this.box(userId)?.ordered ?? [];
    const cursor = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
    let i = ordered.length - 1;
    if (cursor) i = this.lastBefore(ordered, cursor.createdAtMs, cursor.id);
    const page: InboxMessage[] = [];
    const nowMs = now.getTime();
    let more = false;
    for (; i >= 0; i--) {
      const m = ordered[i];
      if (m.expiresAt.getTime() <= nowMs || (query.unreadOnly && m.readAt)) continue;
      if (page.length === query.limit) {
        more = true;
        break;
      }
      page.push(copy(m));
    }
    const last = page[page.length - 1];
    return {
      notifications: page,
      nextCursor:
        more && last
          ? encodeInboxCursor({ createdAtMs: last.createdAt.getTime(), id: last.id })
          : undefined,
    };
  }

  async findOne(userId: string, messageId: string, now: Date): Promise<InboxMessage | undefined> {
    refuseInboxControls({ userId, messageId });
    const m = this.box(userId)?.byId.get(messageId);
    return m && m.expiresAt > now ? copy(m) : undefined;
  }

  async markRead(userId: string, messageId: string, at: Date): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const m = this.box(userId)?.byId.get(messageId);
    if (!m || m.readAt || m.expiresAt <= at) return false;
    m.readAt = new Date(at);
    return true;
  }

  async markAllRead(userId: string, at: Date): Promise<number> {
    refuseInboxControls({ userId });
    let changed = 0;
    for (const m of this.box(userId)?.ordered ?? []) {
      if (!m.readAt && m.expiresAt > at) {
        m.readAt = new Date(at);
        changed++;
      }
    }
    return changed;
  }

  async delete(userId: string, messageId: string): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const box = this.box(userId);
    const m = box?.byId.get(messageId);
    if (!box || !m) return false;
    box.byId.delete(messageId);
    box.ordered.splice(box.ordered.indexOf(m), 1);
    return true;
  }

  async countUnread(userId: string, now: Date): Promise<number> {
    refuseInboxControls({ userId });
    let count = 0;
    for (const m of this.box(userId)?.ordered ?? []) {
      if (!m.readAt && m.expiresAt > now) count++;
    }
    return count;
  }

  async purgeExpired(now: Date): Promise<number> {
    let purged = 0;
    for (const [userId, box] of this.boxes) {
      const kept = box.ordered.filter((m) => m.expiresAt > now);
      purged += box.ordered.length - kept.length;
      if (kept.length === 0) {
        this.boxes.delete(userId);
        continue;
      }
      if (kept.length !== box.ordered.length) {
        box.ordered = kept;
        box.byId = new Map(kept.map((m) => [m.id, m]));
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

  /** Index of the newest message strictly older than the cursor, or -1. */
  private lastBefore(ordered: InboxMessage[], ms: number, id: string): number {
    let lo = 0;
    let hi = ordered.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (newer(ordered[mid], ms, id) || ordered[mid].id === id) hi = mid;
      else lo = mid + 1;
    }
    return lo - 1;
  }
}
