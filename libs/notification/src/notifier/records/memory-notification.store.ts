import type {
  NewNotificationRecord,
  NotificationListQuery,
  NotificationPatch,
  NotificationRecord,
  NotificationStatus,
} from './notification-record.js';
import type { NotificationStore } from './notification-store.protocol.js';

export interface MemoryNotificationStoreOptions {
  /** Above this many records the oldest dispatched or cancelled ones are dropped. @default 10000 */
  maxRecords?: number;
}

const copy = (record: NotificationRecord): NotificationRecord => ({ ...record });
const SETTLED: ReadonlySet<NotificationStatus> = new Set(['dispatched', 'cancelled']);

/** Notification records in a Map: one process, lost on restart, bounded by `maxRecords`. */
export class MemoryNotificationStore implements NotificationStore {
  private readonly records = new Map<string, NotificationRecord>();
  private readonly maxRecords: number;

  constructor(options: MemoryNotificationStoreOptions = {}) {
    this.maxRecords = Math.max(1, options.maxRecords ?? 10_000);
  }

  async create(
    input: NewNotificationRecord,
  ): Promise<{ record: NotificationRecord; created: boolean }> {
    const existing = this.records.get(input.id);
    if (existing) return { record: copy(existing), created: false };
    const now = new Date();
    const record: NotificationRecord = { ...input, createdAt: now, updatedAt: now };
    this.records.set(record.id, record);
    if (this.records.size > this.maxRecords) this.evict();
    return { record: copy(record), created: true };
  }

  async get(id: string): Promise<NotificationRecord | undefined> {
    const record = this.records.get(id);
    return record && copy(record);
  }

  async transition(
    id: string,
    from: readonly NotificationStatus[],
    to: NotificationStatus,
    patch: NotificationPatch = {},
  ): Promise<NotificationRecord | undefined> {
    const record = this.records.get(id);
    if (!record || !from.includes(record.status)) return undefined;
    if (patch.deliveries !== undefined) record.deliveries = patch.deliveries;
    record.status = to;
    record.updatedAt = new Date();
    return copy(record);
  }

  async list(query: NotificationListQuery = {}): Promise<NotificationRecord[]> {
    return [...this.records.values()]
      .filter((r) => !query.status || r.status === query.status)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, query.limit ?? 50)
      .map(copy);
  }

  async purge(before: Date): Promise<number> {
    let removed = 0;
    for (const [id, record] of this.records) {
      if (SETTLED.has(record.status) && record.updatedAt < before) {
        this.records.delete(id);
        removed++;
      }
    }
    return removed;
  }

  private evict(): void {
    for (const [id, record] of this.records) {
      if (this.records.size <= this.maxRecords) return;
      if (SETTLED.has(record.status)) this.records.delete(id);
    }
  }
}
