import type { OutboxCounts, OutboxEntry, OutboxPayload } from './outbox-entry.js';
import type { TransactionRunnerLike } from './notifier-transaction.js';

/** What `notify(..., { transaction })` writes. */
export interface NewOutboxEntry {
  id: string;
  idempotencyKey?: string;
  type: string;
  payload: OutboxPayload;
  /** Not relayed before this time (epoch ms). @default now */
  availableAt?: number;
}

/** Where notifications wait for their transaction to commit (`DatabaseOutboxStore`). */
export interface OutboxStore {
  /** The data source a transaction must belong to. */
  dataSource(): object;
  /** Writes through the caller's transaction; `false` when the id or idempotency key is there already. */
  add(runner: TransactionRunnerLike, entry: NewOutboxEntry): Promise<boolean>;
  /** Leases up to `limit` due, unleased pending rows to `relayId` for `leaseMs`. */
  claim(relayId: string, limit: number, leaseMs: number, now?: number): Promise<OutboxEntry[]>;
  /** Marks a row relayed, if `relayId` still holds it. */
  complete(id: string, relayId: string): Promise<boolean>;
  /** Gives a row back after a failed relay: due again at `retryAt`, or `failed` when `undefined`. */
  release(id: string, relayId: string, error: string, retryAt: number | undefined): Promise<void>;
  counts(): Promise<OutboxCounts>;
  /** Deletes relayed and failed rows settled before `before`. */
  purge(before: Date): Promise<number>;
  /** Wake-ups on commit where the database has them (PostgreSQL `LISTEN`); answers how to stop. */
  listen?(wake: () => void): Promise<(() => Promise<void>) | undefined>;
}
