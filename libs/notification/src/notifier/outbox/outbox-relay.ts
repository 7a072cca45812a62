import { randomUUID } from 'node:crypto';
import type { OutboxEntry } from './outbox-entry.js';
import type { OutboxStore } from './outbox-store.protocol.js';

/** How an `OutboxRelay` polls and retries. */
export interface OutboxRelayOptions {
  /** Rows leased per claim. @default 50 */
  batchSize?: number;
  /** Poll interval when no wake-up came (PostgreSQL `LISTEN`, a local commit). @default 1000 */
  pollIntervalMs?: number;
  /** How long a claimed row stays leased; a relay that dies frees its rows after this. @default 30000 */
  leaseMs?: number;
  /** Relay attempts of one row before it is marked `failed`. @default 10 */
  maxAttempts?: number;
  /** A name for this relay in the rows it leases. @default `relay-<random>` */
  id?: string;
}

/** Backoff of a failed relay attempt: 1 s, 2 s, 4 s ... at most 5 min. */
const retryDelay = (attempts: number): number => Math.min(300_000, 1000 * 2 ** (attempts - 1));

/**
 * Moves notifications from the outbox into the normal `notify()` pipeline
 * once their transaction has committed: claims a batch (a lease, so several
 * relays share the work without taking the same row), hands each row to
 * `handle` (`NotifierService.relay`), marks it done. It wakes up on a commit
 * announcement (PostgreSQL `LISTEN`/`NOTIFY`, or `wake()`) and polls every
 * `pollIntervalMs` otherwise. A row whose relay died mid-batch is claimed
 * again when its lease ends; dispatching the same notification twice sends
 * nothing twice (stable delivery ids), so a restart loses nothing and
 * repeats nothing. `NotifierModule` starts one when `outbox` is enabled.
 */
export class OutboxRelay {
  readonly id: string;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private running = false;
  private woken = false;
  private timer?: NodeJS.Timeout;
  private resolveSleep?: () => void;
  private loop?: Promise<void>;
  private unlisten?: () => Promise<void>;
  private lastError?: unknown;

  constructor(
    private readonly store: OutboxStore,
    private readonly handle: (entry: OutboxEntry) => Promise<unknown>,
    options: OutboxRelayOptions = {},
  ) {
    this.id = options.id ?? `relay-${randomUUID().slice(0, 8)}`;
    this.batchSize = options.batchSize ?? 50;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 10;
  }

  /** The last error of a claim (a database outage); the relay keeps polling. */
  get error(): unknown {
    return this.lastError;
  }

  /** Starts relaying (and listening, on PostgreSQL). */
  async start(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      this.unlisten = await this.store.listen?.(() => this.wake());
    } catch (error) {
      this.lastError = error; // polling still relays
    }
    this.loop = this.run();
  }

  /** Relays now instead of at the next poll. */
  wake(): void {
    this.woken = true;
    this.resolveSleep?.();
  }

  /** Runs one claim and relays what it got; answers how many rows were relayed. */
  async relayOnce(): Promise<number> {
    const entries = await this.store.claim(this.id, this.batchSize, this.leaseMs);
    const done = await Promise.all(entries.map((entry) => this.relayEntry(entry)));
    return done.filter(Boolean).length;
  }

  /** Stops after the batch in flight. */
  async stop(): Promise<void> {
    this.running = false;
    this.resolveSleep?.();
    await this.loop;
    await this.unlisten?.().catch(() => undefined);
    this.unlisten = undefined;
  }

  private async run(): Promise<void> {
    while (this.running) {
      this.woken = false;
      let full = false;
      try {
        const claimed = await this.store.claim(this.id, this.batchSize, this.leaseMs);
        full = claimed.length >= this.batchSize;
        await Promise.all(claimed.map((entry) => this.relayEntry(entry)));
        this.lastError = undefined;
      } catch (error) {
        this.lastError = error;
      }
      if (!full && !this.woken && this.running) await this.sleep();
    }
  }

  private async relayEntry(entry: OutboxEntry): Promise<boolean> {
    try {
      await this.handle(entry);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const retryAt =
        entry.attempts >= this.maxAttempts ? undefined : Date.now() + retryDelay(entry.attempts);
      await this.store.release(entry.id, this.id, message, retryAt).catch(() => undefined);
      return false;
    }
    return this.store.complete(entry.id, this.id);
  }

  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      this.resolveSleep = () => {
        clearTimeout(this.timer);
        this.resolveSleep = undefined;
        resolve();
      };
      this.timer = setTimeout(() => this.resolveSleep?.(), this.pollIntervalMs);
    });
  }
}
