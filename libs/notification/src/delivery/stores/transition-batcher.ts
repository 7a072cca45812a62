import type { DeliveryPatch, DeliveryRecord, DeliveryStatus } from '../records/delivery-record.js';

/** One caller's transition, waiting for its batch. */
export interface BatchedTransition {
  id: string;
  status: DeliveryStatus;
  patch: DeliveryPatch;
  /**
   * A queue worker's claim (`DeliveryStore.claim`): `sending` from any status
   * a job may claim, one more attempt; a row it cannot move answers
   * `undefined` rather than an error.
   */
  claim?: boolean;
  resolve(record: DeliveryRecord | undefined): void;
  reject(error: unknown): void;
}

/**
 * The rows of a batch that one part of its statement moves: the claims, or
 * the transitions to one status that set the same patch fields. The groups
 * of one batch have distinct ids.
 */
export interface TransitionGroup {
  status: DeliveryStatus;
  claim: boolean;
  items: ReadonlyArray<Pick<BatchedTransition, 'id' | 'patch'>>;
}

/**
 * How `DatabaseDeliveryStore` batches a queue worker's claims and its
 * `sending` and `sent` transitions on PostgreSQL.
 */
export interface TransitionBatcherOptions {
  /**
   * How long a transition waits for others before its batch is written; 0
   * writes what arrived in the same turn of the event loop. @default 0
   */
  windowMs?: number;
  /** A batch of this many rows is written at once. @default 500 */
  maxRows?: number;
  /**
   * How many batches may be written at once (each on its own pooled
   * connection); what arrives while that many are in flight waits for the
   * first of them to end, and goes in one batch then. Two let a job's claim
   * go while the `sent` rows of others are being committed: a lone worker's
   * jobs wait less, for more, smaller statements (more CPU on both sides).
   * @default 1
   */
  inFlight?: number;
}

/**
 * Write-behind batching of a queue worker's writes (its claims, `sending`
 * and `sent`): what arrives within `windowMs` is written by `writeBatch` in
 * one statement, grouped by kind (claims; each status and set of patch
 * fields); up to `inFlight` batches are written at once, and while that many
 * are being written the next one fills up (group commit). Each caller gets
 * its own record or error: a transition the batch did not move, a repeated
 * id, or a batch whose statement failed are retried one by one through
 * `writeOne`, so a failure rejects only the callers it concerns; a claim the
 * batch did not move answers `undefined`.
 */
export class TransitionBatcher {
  private pending: BatchedTransition[] = [];
  private timer?: ReturnType<typeof setTimeout> | ReturnType<typeof setImmediate>;
  private inFlight = new Set<Promise<void>>();
  private readonly windowMs: number;
  private readonly maxRows: number;
  private readonly maxInFlight: number;

  constructor(
    private readonly writeBatch: (
      groups: readonly TransitionGroup[],
    ) => Promise<Map<string, DeliveryRecord>>,
    private readonly writeOne: (item: BatchedTransition) => Promise<DeliveryRecord | undefined>,
    options: TransitionBatcherOptions = {},
  ) {
    this.windowMs = Math.max(0, options.windowMs ?? 0);
    this.maxRows = Math.max(1, Math.floor(options.maxRows ?? 500));
    this.maxInFlight = Math.max(1, Math.floor(options.inFlight ?? 1));
  }

  submit(id: string, status: DeliveryStatus, patch: DeliveryPatch): Promise<DeliveryRecord> {
    return this.enqueue(id, status, patch, false) as Promise<DeliveryRecord>;
  }

  /** A claim, in the same batches as the transitions: the record in `sending`, or `undefined`. */
  claim(id: string): Promise<DeliveryRecord | undefined> {
    return this.enqueue(id, 'sending', {}, true);
  }

  private enqueue(
    id: string,
    status: DeliveryStatus,
    patch: DeliveryPatch,
    claim: boolean,
  ): Promise<DeliveryRecord | undefined> {
    return new Promise<DeliveryRecord | undefined>((resolve, reject) => {
      this.pending.push({ id, status, patch, claim, resolve, reject });
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

  /** The window closed: write now, or when a batch in flight ends (then with more rows). */
  private tick(): void {
    this.timer = undefined;
    if (this.inFlight.size >= this.maxInFlight) return; // drained when one of them ends
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
    const groups = new Map<string, TransitionGroup & { items: BatchedTransition[] }>();
    const firsts: BatchedTransition[] = [];
    const repeated: BatchedTransition[] = [];
    const seen = new Set<string>();
    for (const item of batch) {
      // one row can be updated once per statement: a second write of it waits for the first
      if (seen.has(item.id)) {
        repeated.push(item);
        continue;
      }
      seen.add(item.id);
      firsts.push(item);
      const key = item.claim ? 'claim' : `${item.status}:${patchShape(item.patch)}`;
      const group = groups.get(key);
      if (group) group.items.push(item);
      else groups.set(key, { status: item.status, claim: item.claim === true, items: [item] });
    }
    let moved: Map<string, DeliveryRecord> | undefined;
    try {
      moved = await this.writeBatch([...groups.values()]);
    } catch {
      // which row broke the statement is unknown: each caller gets its own answer
      moved = undefined;
    }
    const left: BatchedTransition[] = [];
    for (const item of firsts) {
      const record = moved?.get(item.id);
      if (record) item.resolve(record);
      // a claim the statement did not move finds nothing to claim
      else if (moved && item.claim) item.resolve(undefined);
      // not moved: a forbidden transition (the single write says which) or a missing row
      else left.push(item);
    }
    await Promise.all(left.map((item) => this.one(item)));
    for (const item of repeated) await this.one(item);
  }

  private one(item: BatchedTransition): Promise<void> {
    return this.writeOne(item).then(item.resolve, item.reject);
  }
}

/** The patch fields that are set, in a fixed order: transitions with the same shape share a statement. */
export function patchShape(patch: DeliveryPatch): string {
  return (Object.keys(patch) as Array<keyof DeliveryPatch>)
    .filter((key) => patch[key] !== undefined)
    .sort()
    .join(',');
}
