import type {
  DeliveryPatch,
  DeliveryRecord,
  DeliveryRecordData,
  DeliveryStatus,
} from '../records/delivery-record';

/** New record: the store fills status `queued`, attempts 0 and the timestamps when absent. */
export type NewDeliveryRecord = Pick<
  DeliveryRecordData,
  'id' | 'channel' | 'backend' | 'recipient'
> &
  Partial<Pick<DeliveryRecordData, 'idempotencyKey' | 'status' | 'createdAt'>>;

export interface DeliveryListQuery {
  status?: DeliveryStatus;
  /** @default 50 */
  limit?: number;
}

/**
 * Where delivery records live. Implementations: `MemoryDeliveryStore`,
 * `DatabaseDeliveryStore` (TypeORM; SQLite and PostgreSQL). A store shared
 * by several processes (the database one) is what queued delivery needs.
 */
export interface DeliveryStore {
  /** Inserts the record unless one with the same id exists; `created` says which. */
  create(record: NewDeliveryRecord): Promise<{ record: DeliveryRecord; created: boolean }>;
  get(id: string): Promise<DeliveryRecord | undefined>;
  /**
   * Moves a record to `status` (applying `patch`) when the lifecycle allows it,
   * atomically; throws `DeliveryStateError` otherwise.
   */
  transition(id: string, status: DeliveryStatus, patch?: DeliveryPatch): Promise<DeliveryRecord>;
  /** Newest first. */
  list(query?: DeliveryListQuery): Promise<DeliveryRecord[]>;
  findByStatus(status: DeliveryStatus, limit?: number): Promise<DeliveryRecord[]>;
  countByStatus(): Promise<Record<DeliveryStatus, number>>;
  /** Deletes final records (sent, failed, dead) last updated before `before`; returns how many. */
  purge(before: Date): Promise<number>;
}
