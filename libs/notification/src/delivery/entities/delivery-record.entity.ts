import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';
import type { DeliveryChannel, DeliveryStatus } from '../records/delivery-record.js';
import type { SmsEncoding } from '../../sms/sms-segments.util.js';

/**
 * Table of delivery records (created by `CreateDeliveryRecords1732400000000`,
 * `notification_id` added by `AddDeliveryNotificationId1734200000000`, the provider
 * feedback columns by `AddDeliveryFeedback1735300000000`, `job` by `AddDeliveryJob1736100000000`, `sms_segments` and `sms_encoding` by
 * `AddSmsSegmentsToDeliveryRecords1736500000000`).
 */
export const DELIVERY_TABLE = 'herald_delivery_records';

/** Row class of `herald_delivery_records`; timestamps are epoch milliseconds in `bigint` columns. */
export class DeliveryRecordEntity {
  id!: string;
  channel!: DeliveryChannel;
  backend!: string;
  recipient!: string;
  status!: DeliveryStatus;
  attempts!: number;
  lastError!: string | null;
  providerMessageId!: string | null;
  idempotencyKey!: string | null;
  notificationId!: string | null;
  createdAt!: Date;
  updatedAt!: Date;
  sentAt!: Date | null;
  providerStatusAt!: Date | null;
  providerReason!: string | null;
  job!: string | null;
  smsSegments!: number | null;
  smsEncoding!: SmsEncoding | null;
}

const epochMs = {
  to: (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : value),
  from: (value: string | number | null) => (value === null ? null : new Date(Number(value))),
};

let schema: EntitySchema<DeliveryRecordEntity> | undefined;

/**
 * The TypeORM entity of delivery records, built on first call so importing
 * `@herald/notification` never needs `typeorm`:
 * `TypeOrmModule.forFeature([deliveryRecordEntity()])`.
 */
export function deliveryRecordEntity(): EntitySchema<DeliveryRecordEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database delivery store',
  );
  schema = new Schema<DeliveryRecordEntity>({
    name: 'HeraldDeliveryRecord',
    target: DeliveryRecordEntity,
    tableName: DELIVERY_TABLE,
    columns: {
      id: { type: 'varchar', length: 64, primary: true },
      channel: { type: 'varchar', length: 16 },
      backend: { type: 'varchar', length: 255 },
      recipient: { type: 'varchar', length: 1024 },
      status: { type: 'varchar', length: 16 },
      attempts: { type: 'integer', default: 0 },
      lastError: { name: 'last_error', type: 'text', nullable: true },
      providerMessageId: {
        name: 'provider_message_id',
        type: 'varchar',
        length: 255,
        nullable: true,
      },
      idempotencyKey: { name: 'idempotency_key', type: 'varchar', length: 255, nullable: true },
      notificationId: { name: 'notification_id', type: 'varchar', length: 64, nullable: true },
      createdAt: { name: 'created_at', type: 'bigint', transformer: epochMs },
      updatedAt: { name: 'updated_at', type: 'bigint', transformer: epochMs },
      sentAt: { name: 'sent_at', type: 'bigint', nullable: true, transformer: epochMs },
      providerStatusAt: {
        name: 'provider_status_at',
        type: 'bigint',
        nullable: true,
        transformer: epochMs,
      },
      providerReason: { name: 'provider_reason', type: 'text', nullable: true },
      job: { type: 'text', nullable: true },
      smsSegments: { name: 'sms_segments', type: 'integer', nullable: true },
      smsEncoding: { name: 'sms_encoding', type: 'varchar', length: 8, nullable: true },
    },
  });
  return schema;
}
