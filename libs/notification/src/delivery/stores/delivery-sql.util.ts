import type { DataSource } from 'typeorm';
import { DELIVERY_TABLE } from '../entities/delivery-record.entity';
import { DeliveryRecord, type DeliveryRecordData } from '../records/delivery-record';

/** The quoted table name, schema-qualified when the PostgreSQL data source has a `schema`. */
export function deliveryTablePath(dataSource: DataSource): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  return schema ? `"${schema.replace(/"/g, '""')}"."${DELIVERY_TABLE}"` : `"${DELIVERY_TABLE}"`;
}

export const DELIVERY_COLUMNS =
  'id, channel, backend, recipient, status, attempts, last_error, provider_message_id, idempotency_key, notification_id, created_at, updated_at, sent_at';

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
  });
}

/** `$1, $2` for PostgreSQL, `?` for SQLite. */
export function placeholders(dataSource: DataSource): (index: number) => string {
  return dataSource.options.type === 'postgres' ? (i) => `$${i}` : () => '?';
}

/**
 * Bound parameters one statement may carry: PostgreSQL's wire limit is
 * 65535; SQLite builds may be compiled with 999.
 */
export function maxParameters(dataSource: DataSource): number {
  return dataSource.options.type === 'postgres' ? 65_535 : 999;
}
