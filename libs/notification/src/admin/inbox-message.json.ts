import type { InboxMessage } from '@herald/contracts';

/** The wire form of an inbox message in the admin JSON API and live events (snake_case). */
export interface InboxMessageJson {
  id: string;
  user_id: string;
  title: string;
  body: string;
  category: string | null;
  action_url: string | null;
  data: Record<string, unknown> | null;
  read: boolean;
  read_at: string | null;
  created_at: string;
  expires_at: string;
}

/** `InboxMessage` → `InboxMessageJson` (ISO-8601 timestamps). */
export function toInboxMessageJson(m: InboxMessage): InboxMessageJson {
  return {
    id: m.id,
    user_id: m.userId,
    title: m.title,
    body: m.body,
    category: m.category ?? null,
    action_url: m.actionUrl ?? null,
    data: m.data ?? null,
    read: m.readAt !== null,
    read_at: m.readAt ? new Date(m.readAt).toISOString() : null,
    created_at: new Date(m.createdAt).toISOString(),
    expires_at: new Date(m.expiresAt).toISOString(),
  };
}
