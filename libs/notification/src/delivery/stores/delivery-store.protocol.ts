import type {
  DeliveryPatch,
  DeliveryRecord,
  DeliveryRecordData,
  DeliveryStatus,
} from '../records/delivery-record.js';
import type { DeliveryJob } from '../queue/delivery-queue.protocol.js';

/**
 * The queue job of a `queued` record, written with the record (queued
 * delivery) so the sweeper can add it again when the job never reached the
 * queue; the trace context is not kept.
 */
export type StoredDeliveryJob = Omit<DeliveryJob, 'trace'>;

/** Which stored jobs `findQueuedJobs` answers. */
export interface QueuedJobQuery {
  /** Only records created before this instant. */
  before: Date;
  /** At most this many, oldest first. */
  limit: number;
  /** Only those after this one in (creation time, id) order: the last of the previous page. */
  after?: { createdAt: Date; id: string };
}

/** New record: the store fills status `queued`, attempts 0 and the timestamps when absent. */
export type NewDeliveryRecord = Pick<
  DeliveryRecordData,
  'id' | 'channel' | 'backend' | 'recipient'
> &
  Partial<
    Pick<
      DeliveryRecordData,
      | 'idempotencyKey'
      | 'status'
      | 'createdAt'
      | 'notificationId'
      | 'lastError'
      | 'smsSegments'
      | 'smsEncoding'
    >
  > & {
    /** The record's queue job (queued delivery); the store drops it when the record leaves `queued`. */
    job?: StoredDeliveryJob;
  };

export interface DeliveryListQuery {
  status?: DeliveryStatus;
  /** Only the deliveries of this notification. */
  notificationId?: string;
  /** @default 50 */
  limit?: number;
}

/** What `countByStatus` counts: every record, or those of one notification. */
export interface DeliveryCountQuery {
  notificationId?: string;
}

/**
 * Where delivery records live. Implementations: `MemoryDeliveryStore`,
 * `DatabaseDeliveryStore` (TypeORM; SQLite and PostgreSQL). A store shared
 * by several processes (the database one) is what queued delivery needs.
 */
export interface DeliveryStore {
  /** Inserts the record unless one with the same id exists; `created` says which. */
  create(record: NewDeliveryRecord): Promise<{ record: DeliveryRecord; created: boolean }>;
  /**
   * Inserts many records at once (a multi-row insert where the store can),
   * skipping ids that exist; answers in input order. Optional: without it,
   * callers create the records one by one.
   */
  createMany?(
    records: readonly NewDeliveryRecord[],
  ): Promise<Array<{ record: DeliveryRecord; created: boolean }>>;
  get(id: string): Promise<DeliveryRecord | undefined>;
  /**
   * The jobs stored with records still `queued` (see `QueuedJobQuery`),
   * each with its record's creation time: what the sweeper checks against
   * the queue. Optional: a store without it is not swept.
   */
  findQueuedJobs?(query: QueuedJobQuery): Promise<Array<StoredDeliveryJob & { createdAt: Date }>>;
  /**
   * Moves a record to `status` (applying `patch`) when the lifecycle allows it,
   * atomically; throws `DeliveryStateError` otherwise.
   */
  transition(id: string, status: DeliveryStatus, patch?: DeliveryPatch): Promise<DeliveryRecord>;
  /**
   * Takes a record for a delivery attempt in one step: moves it to `sending`
   * with `attempts + 1` when its status allows that move (`queued`,
   * `retrying`, or `sending` left by a worker that died) and answers it as
   * moved; answers `undefined`, without throwing, when it does not (sent,
   * final, missing): the caller reads the record to learn why. Queue workers
   * use it to save reading the record before `sending`. Optional: without
   * it, workers read, then transition.
   */
  claim?(id: string): Promise<DeliveryRecord | undefined>;
  /**
   * Whether the records outlive the process (a database). A queue worker
   * then sends the message of a job added with its new record
   * (`DeliveryJob.firstJob`, first run) while the claim is being written,
   * and writes `sent` once both are done. Without it (the memory store,
   * emptied by a restart under a live queue), the claim is awaited first.
   */
  readonly durable?: boolean;
  /**
   * The record a provider's message id (Twilio `SM...` sid, SendGrid
   * `X-Message-Id`) was stored on at send, newest when several match;
   * `channel` narrows the search. Status webhooks use it.
   */
  findByProviderMessageId(
    providerMessageId: string,
    channel?: string,
  ): Promise<DeliveryRecord | undefined>;
  /** Newest first. */
  list(query?: DeliveryListQuery): Promise<DeliveryRecord[]>;
  findByStatus(status: DeliveryStatus, limit?: number): Promise<DeliveryRecord[]>;
  countByStatus(query?: DeliveryCountQuery): Promise<Record<DeliveryStatus, number>>;
  /** Deletes final records (sent, failed, dead) last updated before `before`; returns how many. */
  purge(before: Date): Promise<number>;
  /**
   * Writes the transitions a store holds back to batch them (the database
   * store on PostgreSQL); called on shutdown after the worker has stopped.
   * Optional: a store that writes at once has nothing to flush.
   */
  flush?(): Promise<void>;
}
