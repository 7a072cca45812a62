import type { InboxAction, InboxCounts, InboxFilter, InboxItem, InboxSeverity } from '../types.js';

/** A message as the routes answer it (snake_case, dates as ISO strings). */
export interface MessageJson {
  id: string;
  title: string;
  body?: string | null;
  category?: string | null;
  action_url?: string | null;
  data?: Record<string, unknown> | null;
  read?: boolean;
  seen?: boolean;
  archived?: boolean;
  snoozed_until?: string | null;
  tags?: string[] | null;
  severity?: InboxSeverity | null;
  actions?: Array<{ label: string; url?: string | null; action_id?: string | null }> | null;
  created_at: string;
}

const date = (v: string | null | undefined): Date | null => (v ? new Date(v) : null);

/** The client's camelCase item of a `MessageJson`. */
export function toItem(m: MessageJson): InboxItem {
  return {
    id: m.id,
    title: m.title,
    body: m.body ?? '',
    category: m.category ?? null,
    actionUrl: m.action_url ?? null,
    data: m.data ?? null,
    read: !!m.read,
    seen: !!m.seen,
    archived: !!m.archived,
    snoozedUntil: date(m.snoozed_until),
    tags: Array.isArray(m.tags) ? m.tags : [],
    severity: m.severity ?? 'normal',
    actions: (Array.isArray(m.actions) ? m.actions : []).map((a) => {
      const action: InboxAction = { label: a.label };
      if (a.url) action.url = a.url;
      if (a.action_id) action.actionId = a.action_id;
      return action;
    }),
    createdAt: new Date(m.created_at),
  };
}

/** `InboxFilter` as the `FilterJson` of `POST counts` and the bulk routes (undefined keys left out). */
export function filterJson(f: InboxFilter = {}): Record<string, unknown> {
  return JSON.parse(JSON.stringify(f)) as Record<string, unknown>;
}

/** `InboxFilter` as the query of `GET inbox`. */
export function filterQuery(f: InboxFilter, q: URLSearchParams): void {
  for (const [key, value] of Object.entries(filterJson(f))) {
    q.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
}

/** Whether `item` is listed under `filter` at `now`: what the server's counts count. */
export function matches(f: InboxFilter = {}, item: InboxItem, now: number): boolean {
  const snoozed = !!item.snoozedUntil && item.snoozedUntil.getTime() > now;
  const status = f.status ?? 'inbox';
  if (status === 'inbox' && (item.archived || snoozed)) return false;
  if (status === 'archived' && !item.archived) return false;
  if (status === 'snoozed' && !snoozed) return false;
  if (f.read !== undefined && item.read !== f.read) return false;
  if (f.seen !== undefined && item.seen !== f.seen) return false;
  if (f.tags?.length && !f.tags.some((t) => item.tags.includes(t))) return false;
  return !f.severity?.length || f.severity.includes(item.severity);
}

/**
 * A tab's counts from a counts object, by own property only: a tab id may be
 * any text, `valueOf` or `__proto__` too, and must never find (or set) what
 * every object inherits.
 */
export function countsOf(
  counts: Readonly<Record<string, InboxCounts>> | undefined,
  tabId: string,
): InboxCounts | undefined {
  return counts && Object.prototype.hasOwnProperty.call(counts, tabId) ? counts[tabId] : undefined;
}
