import type { MetricsCollectorProtocol } from '@herald/contracts';
import type { DeliveryStore } from '../stores/delivery-store.protocol.js';
import type { DeliveryJob, DeliveryQueue } from './delivery-queue.protocol.js';

export interface DeliverySweeperOptions {
  /**
   * Age in ms after which a `queued` record with no job counts as orphaned
   * (its job should have followed the record within milliseconds).
   * @default 30000
   */
  afterMs?: number;
  /** Records looked at per sweep. @default 1000 */
  batchSize?: number;
  metrics?: MetricsCollectorProtocol;
}

/** What one sweep did. */
export interface DeliverySweepResult {
  /** `queued` records older than the bound that were compared with the queue. */
  checked: number;
  /** Those of them with no job: orphaned. */
  orphaned: number;
  /** Orphans whose job was added again. */
  requeued: number;
  /** When the sweep finished. */
  at: Date;
  /** Why the sweep stopped early (store or queue unreadable), if it did. */
  error?: string;
}

/** Counter and gauge names published by `DeliverySweeper`. */
export const DELIVERY_SWEEPER_METRICS = {
  /** Orphaned records found (counter). */
  found: 'herald_delivery_orphans_found_total',
  /** Orphaned records whose job was added again (counter). */
  requeued: 'herald_delivery_orphans_requeued_total',
  /** Orphans the last sweep found (gauge). */
  orphaned: 'herald_delivery_orphaned',
} as const;

/**
 * Repairs fan-outs cut short between their two writes: `sendMany` writes
 * the records (with their jobs) and then adds the jobs, so a caller killed in
 * between, or a Redis that refused the add, leaves records `queued` that no
 * worker will ever see. Each sweep pages through `queued` records older than
 * `afterMs` (a cursor carried across sweeps, so a long backlog of waiting jobs
 * never hides the orphans behind it), asks the queue which have no job, and
 * adds those jobs again under their delivery id.
 *
 * Safe with any number of sweepers: the job id is the delivery id, so a
 * second add of the same job is dropped by the queue, and a job that runs
 * after its record was sent is skipped by the worker.
 */
export class DeliverySweeper {
  readonly afterMs: number;
  private readonly batchSize: number;
  private cursor?: { createdAt: Date; id: string };
  private timer?: NodeJS.Timeout;
  private running?: Promise<DeliverySweepResult>;
  private lastResult?: DeliverySweepResult;
  private totals = { orphaned: 0, requeued: 0 };

  constructor(
    private readonly store: DeliveryStore,
    private readonly queue: DeliveryQueue,
    private readonly options: DeliverySweeperOptions = {},
  ) {
    this.afterMs = options.afterMs ?? 30_000;
    this.batchSize = Math.max(1, options.batchSize ?? 1000);
  }

  /** The last sweep's result, undefined before the first one. */
  get last(): DeliverySweepResult | undefined {
    return this.lastResult;
  }

  /** Orphans found and re-enqueued since this sweeper started. */
  get total(): { orphaned: number; requeued: number } {
    return { ...this.totals };
  }

  /** Whether the store can be swept (it keeps the jobs of queued records). */
  get supported(): boolean {
    return typeof this.store.findQueuedJobs === 'function';
  }

  /** One page of candidates; concurrent calls share the sweep in progress. */
  sweep(now = Date.now()): Promise<DeliverySweepResult> {
    this.running ??= this.run(now).finally(() => (this.running = undefined));
    return this.running;
  }

  private async run(now: number): Promise<DeliverySweepResult> {
    const result: DeliverySweepResult = { checked: 0, orphaned: 0, requeued: 0, at: new Date() };
    const metrics = this.options.metrics;
    try {
      if (!this.store.findQueuedJobs) return result;
      const candidates = await this.store.findQueuedJobs({
        before: new Date(now - this.afterMs),
        limit: this.batchSize,
        after: this.cursor,
      });
      const lastSeen = candidates[candidates.length - 1];
      // a short page is the end: the next sweep starts from the oldest again
      this.cursor =
        candidates.length < this.batchSize || !lastSeen
          ? undefined
          : { createdAt: lastSeen.createdAt, id: lastSeen.id };
      result.checked = candidates.length;
      if (candidates.length === 0) return result;
      const missing = this.queue.missing
        ? new Set(await this.queue.missing(candidates.map((c) => c.id)))
        : undefined;
      const jobs: DeliveryJob[] = candidates
        .filter((c) => !missing || missing.has(c.id))
        // an orphan's job may follow a job that ran: it takes the claim before its send
        .map(({ createdAt: _created, firstJob: _first, ...job }) => job);
      result.orphaned = jobs.length;
      this.totals.orphaned += jobs.length;
      if (jobs.length > 0) metrics?.increment(DELIVERY_SWEEPER_METRICS.found, jobs.length);
      if (jobs.length === 0) return result;
      if (this.queue.enqueueMany) await this.queue.enqueueMany(jobs);
      else for (const job of jobs) await this.queue.enqueue(job);
      result.requeued = jobs.length;
      this.totals.requeued += jobs.length;
      metrics?.increment(DELIVERY_SWEEPER_METRICS.requeued, jobs.length);
      return result;
    } catch (error) {
      result.error = (error as Error).message;
      return result;
    } finally {
      result.at = new Date();
      metrics?.gauge(DELIVERY_SWEEPER_METRICS.orphaned, result.orphaned);
      this.lastResult = result;
    }
  }

  /** Sweeps every `intervalMs` (unref'd timer) until `stop()`. */
  start(intervalMs = 10_000): void {
    this.stop();
    if (!this.supported) return;
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a sweep in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }
}
