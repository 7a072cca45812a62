import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';

/** Table of notification preferences (created by `CreateNotificationPreferences1735000000000`). */
export const NOTIFICATION_PREFERENCE_TABLE = 'herald_notification_preferences';

/**
 * Row class of `herald_notification_preferences`: one user × category ×
 * channel (the primary key). `enabled` is 1 or 0 (the same on SQLite and
 * PostgreSQL); `updated_at` is epoch milliseconds.
 */
export class NotificationPreferenceEntity {
  userId!: string;
  category!: string;
  channel!: string;
  enabled!: number;
  updatedAt!: number;
}

let schema: EntitySchema<NotificationPreferenceEntity> | undefined;

/**
 * The TypeORM entity of notification preferences, built on first call so
 * importing `@herald/notification` never needs `typeorm`:
 * `TypeOrmModule.forFeature([notificationPreferenceEntity()])`.
 */
export function notificationPreferenceEntity(): EntitySchema<NotificationPreferenceEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database notification-preference store',
  );
  schema = new Schema<NotificationPreferenceEntity>({
    name: 'HeraldNotificationPreference',
    target: NotificationPreferenceEntity,
    tableName: NOTIFICATION_PREFERENCE_TABLE,
    columns: {
      userId: { name: 'user_id', type: 'varchar', length: 255, primary: true },
      category: { type: 'varchar', length: 100, primary: true },
      channel: { type: 'varchar', length: 64, primary: true },
      enabled: { type: 'smallint' },
      updatedAt: { name: 'updated_at', type: 'bigint' },
    },
  });
  return schema;
}
