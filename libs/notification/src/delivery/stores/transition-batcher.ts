import type { DeliveryPatch, DeliveryRecord, DeliveryStatus } from '../records/delivery-record.js';

/** One caller's transition, waiting for its batch. */
export interface BatchedTransition {
  id: string;
  status: DeliveryStatus;
  patch: DeliveryPatch;
  resolve(record: DeliveryRecord): void;
  reject(error: unknown): void;
}

/** How `DatabaseDeliveryStore` batches the `sending` and `sent` transitions on PostgreSQL. */
export interface TransitionBatcherOptions {
  /**
   * How long a transition waits for others before its batch is written; 0
   * writes what arrived in the same turn of the event loop. @default 0
   */
  windowMs?: number;
  /** A batch of this many rows is written at once. @default 500 */
  maxRows?: number;
}

/**
 * Write-behind batching of status transitions (a queue worker's `sending`
 * and `sent`): transitions that arrive within `windowMs` are written by
 * `writeBatch`, one statement per (status, patch fields) group, while a
 * batch is being written the next one fills up (group commit). Each caller
 * gets its own record or error: a row the batch did not move, a repeated
 * id, or a group whose statement failed are retried one by one through
 * `writeOne`, so a failure rejects only the callers it concerns.
 */
export class TransitionBatcher {
  private pending: BatchedTransition[] = [];
  private timer?: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate>;
  private inFlight = new Set<Promise<void>>();
  private readonly windowMs: number;
  private readonly maxRows: number;

  constructor(
    private readonly writeBatch: (
      status: DeliveryStatus,
      items: readonly BatchedTransition[],
    ) => Promise<Map<string, DeliveryRecord>>,
    private readonly writeOne: (
      id: string,
      status: DeliveryStatus,
      patch: DeliveryPatch,
    ) => Promise<DeliveryRecord>,
    options: TransitionBatcherOptions = {},
  ) {
    this.windowMs = Math.max(0, options.windowMs ?? 0);
    this.maxRows = Math.max(1, Math.floor(options.maxRows ?? 500));
  }

  submit(id: string, status: DeliveryStatus, patch: DeliveryPatch): Promise<DeliveryRecord> {
    return new Promise<DeliveryRecord>((resolve, reject) => {
      this.pending.push({ id, status, patch, resolve, reject });
      if (this.pending.length >= this.maxRows) this.drain();
      else if (!this.timer) this.schedule();
    });
  }

  /** Writes everything waiting now and resolves when every batch in flight is written. */
  async flush(): Promise<void> {
    this.drain();
    while (this.inFlight.size > 0) await Promise.all([...this.inFlight]);
  }

  private schedule(): void {
    this.timer =
      this.windowMs > 0
        ? setTimeout(() => this.tick(), this.windowMs)
        : setImmediate(() => this.tick());
  }

  /** The window closed: write now, or after the batch in flight (which then takes more rows). */
  private tick(): void {
    this.timer = undefined;
    if (this.inFlight.size > 0) return; // the batch in flight drains when it ends
    this.drain();
  }

  private drain(): void {
    if (this.timer) {
      clearTimeout(this.timer as ReturnType<typeof setTimeout>);
      clearImmediate(this.timer as ReturnType<typeof setImmediate>);
      this.timer = undefined;
    }
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    const done = this.write(batch).finally(() => {
      this.inFlight.delete(done);
      if (this.pending.length > 0 && !this.timer) this.drain();
    });
    this.inFlight.add(done);
  }

  private async write(batch: BatchedTransition[]): Promise<void> {
    const groups = new Map<string, BatchedTransition[]>();
    const repeated: BatchedTransition[] = [];
    const seen = new Set<string>();
    for (const item of batch) {
      // one row can be updated once per statement: a second claim waits for the first
      if (seen.has(item.id)) {
        repeated.push(item);
        continue;
      }
      seen.add(item.id);
      const key = `${item.status}:${patchShape(item.patch)}`;
      const group = groups.get(key);
      if (group) group.push(item);
      else groups.set(key, [item]);
    }
    await Promise.all([...groups.values()].map((group) => this.writeGroup(group)));
    for (const item of repeated) await this.one(item);
  }

  private async writeGroup(group: BatchedTransition[]): Promise<void> {
    let moved: Map<string, DeliveryRecord>;
    try {
      moved = await this.writeBatch(group[0].status, group);
    } catch {
      // which row broke the statement is unknown: each caller gets its own answer
      await Promise.all(group.map((item) => this.one(item)));
      return;
    }
    const left: BatchedTransition[] = [];
    for (const item of group) {
      const record = moved.get(item.id);
      if (record) item.resolve(record);
      else left.push(item);
    }
    // not moved: a forbidden transition (the single write says which) or a missing row
    await Promise.all(left.map((item) => this.one(item)));
  }

  private one(item: BatchedTransition): Promise<void> {
    return this.writeOne(item.id, item.status, item.patch).then(item.resolve, item.reject);
  }
}

/** The patch fields that are set, in a fixed order: transitions with the same shape share a statement. */
export function patchShape(patch: DeliveryPatch): string {
  return (Object.keys(patch) as Array<keyof DeliveryPatch>)
    .filter((key) => patch[key] !== undefined)
    .sort()
    .join(',');
}
