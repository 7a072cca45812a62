import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';

/** Table of suppression entries (created by `CreateSuppressions1735400000000`). */
export const SUPPRESSION_TABLE = 'herald_suppressions';

/**
 * Row class of `herald_suppressions`. `id` is the SHA-256 of (channel,
 * address, category), `address_hash` the SHA-256 of the
 * address (push tokens are too long for an index); `category` is `''` for "every category";
 * `created_at` is epoch milliseconds.
 */
export class SuppressionEntity {
  id!: string;
  channel!: string;
  address!: string;
  addressHash!: string;
  category!: string;
  reason!: string;
  source!: string;
  createdAt!: number;
}

let schema: EntitySchema<SuppressionEntity> | undefined;

/**
 * The TypeORM entity of suppression entries, built on first call so
 * importing `@herald/notification` never needs `typeorm`.
 */
export function suppressionEntity(): EntitySchema<SuppressionEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database suppression store',
  );
  schema = new Schema<SuppressionEntity>({
    name: 'HeraldSuppression',
    target: SuppressionEntity,
    tableName: SUPPRESSION_TABLE,
    columns: {
      id: { type: 'varchar', length: 64, primary: true },
      channel: { type: 'varchar', length: 16 },
      address: { type: 'text' },
      addressHash: { name: 'address_hash', type: 'varchar', length: 64 },
      category: { type: 'varchar', length: 255 },
      reason: { type: 'varchar', length: 32 },
      source: { type: 'varchar', length: 255 },
      createdAt: { name: 'created_at', type: 'bigint' },
    },
  });
  return schema;
}
