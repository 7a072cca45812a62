import {
  DELIVERY_STATUSES,
  DELIVERY_TRANSITIONS,
  DeliveryRecord,
  FINAL_STATUSES,
  newDeliveryRecord,
  type DeliveryPatch,
  type DeliveryStatus,
} from '../records/delivery-record.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import { normalizeChannel } from '../records/normalize-channel.util.js';
import type {
  DeliveryCountQuery,
  DeliveryListQuery,
  DeliveryStore,
  NewDeliveryRecord,
  QueuedJobQuery,
  StoredDeliveryJob,
} from './delivery-store.protocol.js';

/** `DELIVERY_TRANSITIONS` as sets: one lookup per transition. */
const ALLOWED = Object.fromEntries(
  DELIVERY_STATUSES.map((from) => [from, new Set<DeliveryStatus>(DELIVERY_TRANSITIONS[from])]),
) as Record<string, ReadonlySet<DeliveryStatus>>;

export interface MemoryDeliveryStoreOptions {
  /** Above this many records the oldest final ones are dropped (down to 90 % of it). @default 10000 */
  maxRecords?: number;
}

/**
 * Delivery records in a Map: one process, lost on restart, bounded by
 * `maxRecords`. The default store of `inline` delivery.
 */
export class MemoryDeliveryStore implements DeliveryStore {
  private readonly records = new Map<string, DeliveryRecord>();
  /** The jobs of records still `queued` (queued delivery). */
  private readonly jobs = new Map<string, StoredDeliveryJob>();
  private readonly maxRecords: number;
  /** How many records are final (evictable): no scan while there is none. */
  private finals = 0;

  constructor(options: MemoryDeliveryStoreOptions = {}) {
    this.maxRecords = Math.max(1, options.maxRecords ?? 10_000);
  }

  async create(input: NewDeliveryRecord): Promise<{ record: DeliveryRecord; created: boolean }> {
    const existing = this.records.get(input.id);
    if (existing) return { record: copy(existing), created: false };
    const record = newDeliveryRecord(input);
    this.records.set(record.id, record);
    if (input.job && record.status === 'queued') this.jobs.set(record.id, { ...input.job });
    if (FINAL_STATUSES.has(record.status)) this.finals++;
    if (this.records.size > this.maxRecords) this.evict();
    return { record: copy(record), created: true };
  }

  async createMany(
    inputs: readonly NewDeliveryRecord[],
  ): Promise<Array<{ record: DeliveryRecord; created: boolean }>> {
    const out: Array<{ record: DeliveryRecord; created: boolean }> = [];
    for (const input of inputs) out.push(await this.create(input));
    return out;
  }

  async get(id: string): Promise<DeliveryRecord | undefined> {
    const record = this.records.get(id);
    return record && copy(record);
  }

  async transition(
    id: string,
    status: DeliveryStatus,
    patch: DeliveryPatch = {},
  ): Promise<DeliveryRecord> {
    const record = this.records.get(id);
    if (!record) throw new DeliveryStateError(id, status);
    if (!ALLOWED[record.status].has(status)) {
      throw new DeliveryStateError(id, status, record.status);
    }
    applyPatch(record, patch);
    if (status !== 'queued') this.jobs.delete(id);
    if (!FINAL_STATUSES.has(record.status) && FINAL_STATUSES.has(status)) this.finals++;
    record.status = status;
    record.updatedAt = new Date();
    return copy(record);
  }

  async claim(id: string): Promise<DeliveryRecord | undefined> {
    const record = this.records.get(id);
    if (!record || !ALLOWED[record.status].has('sending')) return undefined;
    return this.transition(id, 'sending', { attempts: record.attempts + 1 });
  }

  async findQueuedJobs(
    query: QueuedJobQuery,
  ): Promise<Array<StoredDeliveryJob & { createdAt: Date }>> {
    const { before, after } = query;
    const found: Array<StoredDeliveryJob & { createdAt: Date }> = [];
    for (const [id, job] of this.jobs) {
      const { createdAt } = this.records.get(id)!;
      if (createdAt >= before) continue;
      if (
        after &&
        (createdAt < after.createdAt || (+createdAt === +after.createdAt && id <= after.id))
      )
        continue;
      found.push({ ...job, createdAt });
    }
    return found
      .sort((a, b) => +a.createdAt - +b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      .slice(0, query.limit);
  }

  async findByProviderMessageId(
    providerMessageId: string,
    channel?: string,
  ): Promise<DeliveryRecord | undefined> {
    let found: DeliveryRecord | undefined;
    channel = normalizeChannel(channel);
    for (const record of this.records.values()) {
      if (record.providerMessageId !== providerMessageId) continue;
      if (channel && record.channel !== channel) continue;
      if (!found || record.createdAt >= found.createdAt) found = record;
    }
    return found && copy(found);
  }

  async list(query: DeliveryListQuery = {}): Promise<DeliveryRecord[]> {
    const limit = query.limit ?? 50;
    const all = [...this.records.values()].filter(
      (r) =>
        (!query.status || r.status === query.status) &&
        (!query.notificationId || r.notificationId === query.notificationId),
    );
    return all
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
      .slice(0, limit)
      .map(copy);
  }

  findByStatus(status: DeliveryStatus, limit = 50): Promise<DeliveryRecord[]> {
    return this.list({ status, limit });
  }

  async countByStatus(query: DeliveryCountQuery = {}): Promise<Record<DeliveryStatus, number>> {
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<
      DeliveryStatus,
      number
    >;
    for (const record of this.records.values()) {
      if (!query.notificationId || record.notificationId === query.notificationId)
        counts[record.status]++;
    }
    return counts;
  }

  /**
   * Drops the oldest final records down to 90 % of `maxRecords`: one scan
   * per tenth of the bound, not one per create once the store is full.
   */
  private evict(): void {
    const target = this.maxRecords - Math.floor(this.maxRecords / 10);
    for (const [id, record] of this.records) {
      if (this.records.size <= target || this.finals === 0) return;
      if (FINAL_STATUSES.has(record.status)) {
        this.records.delete(id);
        this.finals--;
      }
    }
  }

  async purge(before: Date): Promise<number> {
    let removed = 0;
    for (const [id, record] of this.records) {
      if (FINAL_STATUSES.has(record.status) && record.updatedAt < before) {
        this.records.delete(id);
        this.finals--;
        removed++;
      }
    }
    return removed;
  }
}

/** A detached copy (the constructor copies the fields, no intermediate object). */
function copy(record: DeliveryRecord): DeliveryRecord {
  return new DeliveryRecord(record);
}

/** Copies the patch's defined fields: a patch never erases a field by omission. */
function applyPatch(record: DeliveryRecord, patch: DeliveryPatch): void {
  // field by field, not `for...in`: one shape per call site, no key iteration per transition
  if (patch.backend !== undefined) record.backend = patch.backend;
  if (patch.attempts !== undefined) record.attempts = patch.attempts;
  if (patch.lastError !== undefined) record.lastError = patch.lastError;
  if (patch.providerMessageId !== undefined) record.providerMessageId = patch.providerMessageId;
  if (patch.sentAt !== undefined) record.sentAt = patch.sentAt;
  if (patch.providerStatusAt !== undefined) record.providerStatusAt = patch.providerStatusAt;
  if (patch.providerReason !== undefined) record.providerReason = patch.providerReason;
}
