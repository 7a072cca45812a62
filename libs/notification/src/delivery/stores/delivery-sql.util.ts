import type { DataSource } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity.js';
import {
  DeliveryRecord,
  type DeliveryPatch,
  type DeliveryRecordData,
} from '../records/delivery-record.js';
import { sqlTablePath } from '../../utils/sql-store.util.js';

export { maxParameters, placeholders, statusById } from '../../utils/sql-store.util.js';

/** The quoted table name, schema-qualified when the PostgreSQL data source has a `schema`. */
export function deliveryTablePath(dataSource: DataSource): string {
  return sqlTablePath(dataSource, DELIVERY_TABLE);
}

export const DELIVERY_COLUMNS =
  'id, channel, backend, recipient, status, attempts, last_error, provider_message_id, idempotency_key, notification_id, created_at, updated_at, sent_at, provider_status_at, provider_reason, sms_segments, sms_encoding';

/**
 * The PostgreSQL type of each column (those of the migrations): what the
 * statements that send a column as one array (`unnest`, `ANY`) cast it to.
 */
export const DELIVERY_PG_TYPES = {
  id: 'varchar',
  channel: 'varchar',
  backend: 'varchar',
  recipient: 'varchar',
  status: 'varchar',
  attempts: 'integer',
  last_error: 'text',
  provider_message_id: 'varchar',
  idempotency_key: 'varchar',
  notification_id: 'varchar',
  created_at: 'bigint',
  updated_at: 'bigint',
  sent_at: 'bigint',
  provider_status_at: 'bigint',
  provider_reason: 'text',
  job: 'text',
  sms_segments: 'integer',
  sms_encoding: 'varchar',
} as const;

/** Each patch field's column (sent as an array of its `DELIVERY_PG_TYPES` type by the batches). */
export const PATCH_COLUMNS: Record<keyof DeliveryPatch, keyof typeof DELIVERY_PG_TYPES> = {
  backend: 'backend',
  attempts: 'attempts',
  lastError: 'last_error',
  providerMessageId: 'provider_message_id',
  sentAt: 'sent_at',
  providerStatusAt: 'provider_status_at',
  providerReason: 'provider_reason',
};

export interface DeliveryRow {
  id: string;
  channel: DeliveryRecordData['channel'];
  backend: string;
  recipient: string;
  status: DeliveryRecordData['status'];
  attempts: number | string;
  last_error: string | null;
  provider_message_id: string | null;
  idempotency_key: string | null;
  notification_id: string | null;
  created_at: number | string;
  updated_at: number | string;
  sent_at: number | string | null;
  provider_status_at: number | string | null;
  provider_reason: string | null;
  sms_segments: number | string | null;
  sms_encoding: DeliveryRecordData['smsEncoding'] | null;
}

export function rowToRecord(row: DeliveryRow): DeliveryRecord {
  return new DeliveryRecord({
    id: row.id,
    channel: row.channel,
    backend: row.backend,
    recipient: row.recipient,
    status: row.status,
    attempts: Number(row.attempts),
    lastError: row.last_error ?? undefined,
    providerMessageId: row.provider_message_id ?? undefined,
    idempotencyKey: row.idempotency_key ?? undefined,
    notificationId: row.notification_id ?? undefined,
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
    sentAt: row.sent_at === null ? undefined : new Date(Number(row.sent_at)),
    providerStatusAt:
      row.provider_status_at === null ? undefined : new Date(Number(row.provider_status_at)),
    providerReason: row.provider_reason ?? undefined,
    smsSegments: row.sms_segments === null ? undefined : Number(row.sms_segments),
    smsEncoding: row.sms_encoding ?? undefined,
  });
}
