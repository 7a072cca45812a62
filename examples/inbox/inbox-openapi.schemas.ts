import type { SchemaObject } from '@nestjs/swagger';

// The answers of the inbox routes as OpenAPI schemas (docs/inbox-contract.md), for
// `@ApiOkResponse({ schema })` on the recipe controller: `npm run openapi:update`
// turns them into docs/inbox-openapi.json, the contract of @herald/inbox-client.

const nullable = (type: string, extra: SchemaObject = {}): SchemaObject => ({
  type,
  nullable: true,
  ...extra,
});
const int: SchemaObject = { type: 'integer', minimum: 0 };
const counts = { unread_count: int, unseen_count: int };

export const MESSAGE_JSON: SchemaObject = {
  type: 'object',
  required: [
    'id',
    'user_id',
    'title',
    'body',
    'category',
    'action_url',
    'data',
    'read',
    'read_at',
    'seen',
    'seen_at',
    'archived',
    'archived_at',
    'snoozed_until',
    'tags',
    'severity',
    'actions',
    'created_at',
    'expires_at',
  ],
  properties: {
    id: { type: 'string', format: 'uuid' },
    user_id: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    category: nullable('string'),
    action_url: nullable('string'),
    data: nullable('object', { additionalProperties: true }),
    read: { type: 'boolean' },
    read_at: nullable('string', { format: 'date-time' }),
    seen: { type: 'boolean' },
    seen_at: nullable('string', { format: 'date-time' }),
    archived: { type: 'boolean' },
    archived_at: nullable('string', { format: 'date-time' }),
    snoozed_until: nullable('string', { format: 'date-time' }),
    tags: { type: 'array', items: { type: 'string' } },
    severity: { type: 'string', enum: ['low', 'normal', 'high', 'critical'] },
    actions: {
      type: 'array',
      maxItems: 2,
      items: {
        type: 'object',
        required: ['label'],
        properties: {
          label: { type: 'string' },
          url: { type: 'string' },
          action_id: { type: 'string' },
        },
      },
    },
    created_at: { type: 'string', format: 'date-time' },
    expires_at: { type: 'string', format: 'date-time' },
  },
};

export const INBOX_PAGE: SchemaObject = {
  type: 'object',
  required: ['unread_count', 'unseen_count', 'notifications'],
  properties: {
    ...counts,
    notifications: { type: 'array', items: MESSAGE_JSON },
    next_cursor: { type: 'string', description: 'absent on the last page' },
  },
};

export const COUNTS: SchemaObject = {
  type: 'object',
  required: ['counts'],
  properties: {
    counts: {
      type: 'object',
      additionalProperties: {
        type: 'object',
        required: ['unread', 'unseen', 'total'],
        properties: { unread: int, unseen: int, total: int },
      },
    },
  },
};

export const READ_ONE: SchemaObject = {
  type: 'object',
  required: ['message_id', 'read', 'changed', 'unread_count'],
  properties: {
    message_id: { type: 'string', format: 'uuid' },
    read: { type: 'boolean', enum: [true] },
    changed: { type: 'boolean' },
    unread_count: int,
  },
};

export const READ_ALL: SchemaObject = {
  type: 'object',
  required: ['marked', 'unread_count'],
  properties: { marked: int, unread_count: int },
};

export const MESSAGE_CHANGED: SchemaObject = {
  type: 'object',
  required: ['message', 'changed', 'unread_count', 'unseen_count'],
  properties: { message: MESSAGE_JSON, changed: { type: 'boolean' }, ...counts },
};

export const ACTION_DONE: SchemaObject = {
  type: 'object',
  required: ['message_id', 'action_id', 'done'],
  properties: {
    message_id: { type: 'string', format: 'uuid' },
    action_id: { type: 'string' },
    done: { type: 'boolean', enum: [true] },
  },
};

export const DELETED: SchemaObject = {
  type: 'object',
  required: ['message_id', 'deleted', 'unread_count', 'unseen_count'],
  properties: {
    message_id: { type: 'string', format: 'uuid' },
    deleted: { type: 'boolean', enum: [true] },
    ...counts,
  },
};

export const BULK_CHANGED: SchemaObject = {
  type: 'object',
  required: ['changed', 'unread_count', 'unseen_count'],
  properties: { changed: int, ...counts },
};

const PREFERENCE: SchemaObject = {
  type: 'object',
  required: ['category', 'channel', 'enabled'],
  properties: {
    category: { type: 'string' },
    channel: { type: 'string' },
    enabled: { type: 'boolean' },
  },
};

export const PREFERENCES: SchemaObject = {
  type: 'object',
  required: ['topics'],
  properties: {
    topics: {
      type: 'array',
      items: {
        type: 'object',
        required: ['category', 'label', 'channels'],
        properties: {
          category: { type: 'string' },
          label: { type: 'string' },
          channels: {
            type: 'array',
            items: {
              type: 'object',
              required: ['channel', 'enabled'],
              properties: { channel: { type: 'string' }, enabled: { type: 'boolean' } },
            },
          },
        },
      },
    },
  },
};

export const PREFERENCE_SET = PREFERENCE;

export const STREAM: SchemaObject = {
  type: 'string',
  description: [
    'Server-sent events. `retry: 2000` first; every frame has `id:`, `event:` and `data:` (JSON).',
    '`sync` {unread_count, unseen_count}: on connect when nothing could be replayed from Last-Event-ID (refetch).',
    '`inbox.sent` MessageJson; `inbox.updated` {message_id?, change, count?};',
    '`inbox.read` {message_id}; `inbox.read_all` {count}; `inbox.deleted` {message_id}',
    '(each also carries unread_count and unseen_count). `: heartbeat` comments every 25 s.',
  ].join(' '),
};
