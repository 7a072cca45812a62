import type { DeliveryChannel } from '../records/delivery-record.js';

/** What travels through the queue: the record id, the backend chain and the message. */
export interface DeliveryJob {
  id: string;
  channel: DeliveryChannel;
  /** Backend names: primary first, then fallbacks. */
  backends: string[];
  message: unknown;
  /** The notification the delivery belongs to, if any. */
  notificationId?: string;
  /**
   * The producer's trace context (`traceparent`, `tracestate`, `baggage`):
   * the worker's `process` span continues that trace.
   */
  trace?: Record<string, string>;
  /** Labels the observers of the delivery see on the worker side (`type`, `category` of a notification). */
  meta?: Record<string, string>;
  /**
   * Set by the producer on the job it adds right after creating the job's
   * record: no other job ran for this delivery before it. On its first run
   * the worker then sends while the record's claim is being written (with a
   * store whose records outlive the process, `DeliveryStore.durable`). The
   * sweeper, a repeated send and a retry or stalled run take the claim first.
   */
  firstJob?: true;
}

/** Jobs by state: depth = waiting + delayed, in flight = active, dead = failed. */
export interface DeliveryQueueCounts {
  waiting: number;
  delayed: number;
  active: number;
  failed: number;
  completed: number;
}

/** The producer side of queued delivery. */
export interface DeliveryQueue {
  /** The queue's name (in spans: `publish <name>`). */
  readonly name?: string;
  /** Adds the job unless one with the same id is already queued. */
  enqueue(job: DeliveryJob): Promise<void>;
  /** Adds many jobs in one round trip where the queue can; without it, callers enqueue one by one. */
  enqueueMany?(jobs: readonly DeliveryJob[]): Promise<void>;
  /**
   * Of `ids`, those with no job in the queue in any state (waiting,
   * delayed, active, failed). Optional: without it the sweeper adds every
   * candidate again and relies on `enqueue` skipping ids already queued.
   */
  missing?(ids: readonly string[]): Promise<string[]>;
  counts(): Promise<DeliveryQueueCounts>;
  close(): Promise<void>;
}
