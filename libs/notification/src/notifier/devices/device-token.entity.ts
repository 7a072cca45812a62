import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';
import type { DevicePlatform } from './device-token.js';

/** Table of device tokens (created by `CreateDeviceTokens1734200000001`). */
export const DEVICE_TOKEN_TABLE = 'herald_device_tokens';

/**
 * Row class of `herald_device_tokens`. `id` is the SHA-256 of the token (Web
 * Push subscriptions are too long for a key); timestamps are epoch milliseconds.
 */
export class DeviceTokenEntity {
  id!: string;
  token!: string;
  userId!: string;
  platform!: DevicePlatform;
  app!: string | null;
  createdAt!: number;
  updatedAt!: number;
  deadAt!: number | null;
  deadReason!: string | null;
}

let schema: EntitySchema<DeviceTokenEntity> | undefined;

/**
 * The TypeORM entity of device tokens, built on first call so importing
 * `@herald/notification` never needs `typeorm`:
 * `TypeOrmModule.forFeature([deviceTokenEntity()])`.
 */
export function deviceTokenEntity(): EntitySchema<DeviceTokenEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database device-token store',
  );
  schema = new Schema<DeviceTokenEntity>({
    name: 'HeraldDeviceToken',
    target: DeviceTokenEntity,
    tableName: DEVICE_TOKEN_TABLE,
    columns: {
      id: { type: 'varchar', length: 64, primary: true },
      token: { type: 'text' },
      userId: { name: 'user_id', type: 'varchar', length: 255 },
      platform: { type: 'varchar', length: 16 },
      app: { type: 'varchar', length: 255, nullable: true },
      createdAt: { name: 'created_at', type: 'bigint' },
      updatedAt: { name: 'updated_at', type: 'bigint' },
      deadAt: { name: 'dead_at', type: 'bigint', nullable: true },
      deadReason: { name: 'dead_reason', type: 'varchar', length: 255, nullable: true },
    },
  });
  return schema;
}
