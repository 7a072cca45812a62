import type { EntitySchema } from 'typeorm';
import type { InboxAction, InboxSeverity } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import { INBOX_TABLE } from '../inbox.constants.js';
import { INBOX_LIST_INDEXES } from '../migrations/add-inbox-message-states.migration.js';

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
  seenAt!: Date | null;
  archivedAt!: Date | null;
  snoozedUntil!: Date | null;
  /** `createdAt`, or the end of the snooze: the list's order. */
  listedAt!: Date;
  tags!: string[];
  severity!: InboxSeverity;
  actions!: InboxAction[];
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
      seenAt: { name: 'seen_at', type: 'bigint', nullable: true, transformer: epochMs },
      archivedAt: { name: 'archived_at', type: 'bigint', nullable: true, transformer: epochMs },
      snoozedUntil: { name: 'snoozed_until', type: 'bigint', nullable: true, transformer: epochMs },
      listedAt: { name: 'listed_at', type: 'bigint', default: 0, transformer: epochMs },
      tags: { type: 'simple-json', default: '[]' },
      severity: { type: 'varchar', length: 8, default: 'normal' },
      actions: { type: 'simple-json', default: '[]' },
      createdAt: { name: 'created_at', type: 'bigint', transformer: epochMs },
      expiresAt: { name: 'expires_at', type: 'bigint', transformer: epochMs },
    },
    // the same indexes as the migrations leave, so schema diffs stay empty
    indices: [
      ...INBOX_LIST_INDEXES.map(([name, where]) => ({
        name,
        columns: ['userId', 'listedAt', 'id'],
        ...(where ? { where } : {}),
      })),
      {
        name: 'idx_herald_inbox_user_unread_exp',
        columns: ['userId', 'expiresAt'],
        where: 'read_at IS NULL',
      },
      { name: 'idx_herald_inbox_expires', columns: ['expiresAt'] },
      // CreateInboxCounters1736700000000: what the counters' corrections read
      {
        name: 'idx_herald_inbox_user_snoozed',
        columns: ['userId', 'snoozedUntil'],
        where: 'archived_at IS NULL AND snoozed_until IS NOT NULL',
      },
      {
        name: 'idx_herald_inbox_user_open_exp',
        columns: ['userId', 'expiresAt'],
        where: 'archived_at IS NULL AND (read_at IS NULL OR seen_at IS NULL)',
      },
    ],
  });
  return schema;
}
