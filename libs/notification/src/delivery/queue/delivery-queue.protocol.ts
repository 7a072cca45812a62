import type { DeliveryChannel } from '../records/delivery-record';

/** What travels through the queue: the record id, the backend chain and the message. */
export interface DeliveryJob {
  id: string;
  channel: DeliveryChannel;
  /** Backend names: primary first, then fallbacks. */
  backends: string[];
  message: unknown;
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
  /** Adds the job unless one with the same id is already queued. */
  enqueue(job: DeliveryJob): Promise<void>;
  counts(): Promise<DeliveryQueueCounts>;
  close(): Promise<void>;
}
