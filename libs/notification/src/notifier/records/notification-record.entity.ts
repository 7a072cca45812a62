import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';
import type { NotificationStatus } from './notification-record.js';

/** Table of notification records (created by `CreateNotifications1734200000002`). */
export const NOTIFICATION_TABLE = 'herald_notifications';

/** Row class of `herald_notifications`; timestamps are epoch milliseconds, `critical` 0 or 1. */
export class NotificationRecordEntity {
  id!: string;
  type!: string;
  category!: string;
  critical!: number;
  status!: NotificationStatus;
  recipients!: number;
  deliveries!: number;
  idempotencyKey!: string | null;
  sendAt!: number | null;
  createdAt!: number;
  updatedAt!: number;
}

let schema: EntitySchema<NotificationRecordEntity> | undefined;

/**
 * The TypeORM entity of notification records, built on first call so
 * importing `@herald/notification` never needs `typeorm`:
 * `TypeOrmModule.forFeature([notificationRecordEntity()])`.
 */
export function notificationRecordEntity(): EntitySchema<NotificationRecordEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database notification store',
  );
  schema = new Schema<NotificationRecordEntity>({
    name: 'HeraldNotification',
    target: NotificationRecordEntity,
    tableName: NOTIFICATION_TABLE,
    columns: {
      id: { type: 'varchar', length: 64, primary: true },
      type: { type: 'varchar', length: 255 },
      category: { type: 'varchar', length: 255 },
      critical: { type: 'integer', default: 0 },
      status: { type: 'varchar', length: 16 },
      recipients: { type: 'integer', default: 0 },
      deliveries: { type: 'integer', default: 0 },
      idempotencyKey: { name: 'idempotency_key', type: 'varchar', length: 255, nullable: true },
      sendAt: { name: 'send_at', type: 'bigint', nullable: true },
      createdAt: { name: 'created_at', type: 'bigint' },
      updatedAt: { name: 'updated_at', type: 'bigint' },
    },
  });
  return schema;
}
