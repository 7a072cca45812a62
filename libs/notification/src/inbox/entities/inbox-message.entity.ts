import type { EntitySchema } from 'typeorm';
import { requireOptional } from '@herald/contracts/internal';
import { INBOX_TABLE } from '../inbox.constants.js';

/**
 * The row class of `herald_inbox_messages`. Timestamps are epoch milliseconds
 * in `bigint` columns: exact for keyset pagination and identical on SQLite and
 * PostgreSQL; the entity maps them to `Date`.
 */
export class InboxMessageEntity {
  id!: string;
  userId!: string;
  title!: string;
  body!: string;
  category!: string | null;
  actionUrl!: string | null;
  data!: Record<string, unknown> | null;
  readAt!: Date | null;
  createdAt!: Date;
  expiresAt!: Date;
}

const epochMs = {
  to: (value: Date | null | undefined) => (value instanceof Date ? value.getTime() : value),
  from: (value: string | number | null) => (value === null ? null : new Date(Number(value))),
};

let schema: EntitySchema<InboxMessageEntity> | undefined;

/**
 * The TypeORM entity for the inbox table, built on first call so that
 * importing `@herald/notification` never needs `typeorm`. Register it as any
 * entity: `TypeOrmModule.forFeature([inboxMessageEntity()])`.
 */
export function inboxMessageEntity(): EntitySchema<InboxMessageEntity> {
  if (schema) return schema;
  const { EntitySchema: Schema } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    'the database inbox store',
  );
  schema = new Schema<InboxMessageEntity>({
    name: 'InboxMessageEntity',
    target: InboxMessageEntity,
    tableName: INBOX_TABLE,
    columns: {
      id: { type: 'varchar', length: 36, primary: true },
      userId: { name: 'user_id', type: 'varchar', length: 255 },
      title: { type: 'text' },
      body: { type: 'text' },
      category: { type: 'varchar', length: 100, nullable: true },
      actionUrl: { name: 'action_url', type: 'text', nullable: true },
      data: { type: 'simple-json', nullable: true },
      readAt: { name: 'read_at', type: 'bigint', nullable: true, transformer: epochMs },
      createdAt: { name: 'created_at', type: 'bigint', transformer: epochMs },
      expiresAt: { name: 'expires_at', type: 'bigint', transformer: epochMs },
    },
    // the same indexes as CreateInboxMessages1732300000000, so schema diffs stay empty
    indices: [
      { name: 'idx_herald_inbox_user_created', columns: ['userId', 'createdAt', 'id'] },
      {
        name: 'idx_herald_inbox_user_unread',
        columns: ['userId', 'createdAt', 'id'],
        where: 'read_at IS NULL',
      },
      {
        name: 'idx_herald_inbox_user_unread_exp',
        columns: ['userId', 'expiresAt'],
        where: 'read_at IS NULL',
      },
      { name: 'idx_herald_inbox_expires', columns: ['expiresAt'] },
    ],
  });
  return schema;
}
