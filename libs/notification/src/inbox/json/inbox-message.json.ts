import type { InboxMessage, InboxSeverity } from '@herald/contracts';

/** The wire form of an action button (snake_case; exactly one of `url` or `action_id`). */
export interface InboxActionJson {
  label: string;
  url?: string;
  action_id?: string;
}

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
  seen: boolean;
  seen_at: string | null;
  archived: boolean;
  archived_at: string | null;
  /** Kept after the time has passed; the message is snoozed while it is in the future. */
  snoozed_until: string | null;
  tags: string[];
  severity: InboxSeverity;
  actions: InboxActionJson[];
  created_at: string;
  expires_at: string;
}

const iso = (at: Date | null | undefined): string | null =>
  at ? new Date(at).toISOString() : null;

/** `InboxMessage` → `InboxMessageJson` (ISO-8601 timestamps; absent values `null`, lists `[]`). */
export function toInboxMessageJson(m: InboxMessage): InboxMessageJson {
  return {
    id: m.id,
    user_id: m.userId,
    title: m.title,
    body: m.body,
    category: m.category ?? null,
    action_url: m.actionUrl ?? null,
    data: m.data ?? null,
    read: Boolean(m.readAt),
    read_at: iso(m.readAt),
    seen: Boolean(m.seenAt),
    seen_at: iso(m.seenAt),
    archived: Boolean(m.archivedAt),
    archived_at: iso(m.archivedAt),
    snoozed_until: iso(m.snoozedUntil),
    tags: [...(m.tags ?? [])],
    severity: m.severity ?? 'normal',
    actions: (m.actions ?? []).map((a) =>
      a.actionId !== undefined
        ? { label: a.label, action_id: a.actionId }
        : { label: a.label, url: a.url },
    ),
    created_at: new Date(m.createdAt).toISOString(),
    expires_at: new Date(m.expiresAt).toISOString(),
  };
}
