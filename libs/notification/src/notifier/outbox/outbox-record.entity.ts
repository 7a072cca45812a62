import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';

/** Table of the notification outbox (created by `CreateNotificationOutbox1735200000000`). */
export const OUTBOX_TABLE = 'herald_notification_outbox';

/** Row class of `herald_notification_outbox`; timestamps are epoch milliseconds. */
export class OutboxRecordEntity {
  /** The notification id. */
  id!: string;
  idempotencyKey!: string | null;
  type!: string;
  /** The `OutboxPayload` as JSON; emptied once relayed. */
  payload!: string;
  status!: 'pending' | 'done' | 'failed';
  attempts!: number;
  lockedBy!: string | null;
  lockedUntil!: number | null;
  availableAt!: number;
  lastError!: string | null;
  createdAt!: number;
  processedAt!: number | null;
}

let schema: EntitySchema<OutboxRecordEntity> | undefined;

/**
 * The TypeORM entity of the notification outbox, built on first call so
 * importing `@herald/notification` never needs `typeorm`.
 */
export function outboxRecordEntity(): EntitySchema<OutboxRecordEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the notification outbox',
  );
  schema = new Schema<OutboxRecordEntity>({
    name: 'HeraldNotificationOutbox',
    target: OutboxRecordEntity,
    tableName: OUTBOX_TABLE,
    columns: {
      id: { type: 'varchar', length: 64, primary: true },
      idempotencyKey: { name: 'idempotency_key', type: 'varchar', length: 255, nullable: true },
      type: { type: 'varchar', length: 255 },
      payload: { type: 'text' },
      status: { type: 'varchar', length: 16 },
      attempts: { type: 'integer', default: 0 },
      lockedBy: { name: 'locked_by', type: 'varchar', length: 64, nullable: true },
      lockedUntil: { name: 'locked_until', type: 'bigint', nullable: true },
      availableAt: { name: 'available_at', type: 'bigint' },
      lastError: { name: 'last_error', type: 'text', nullable: true },
      createdAt: { name: 'created_at', type: 'bigint' },
      processedAt: { name: 'processed_at', type: 'bigint', nullable: true },
    },
  });
  return schema;
}
