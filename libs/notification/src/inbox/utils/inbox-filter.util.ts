import type { InboxFilter, InboxMessage, InboxStateChange } from '@herald/contracts';

/** Snoozed at `nowMs`: a snooze end still ahead. */
export const isSnoozed = (m: InboxMessage, nowMs: number): boolean =>
  m.snoozedUntil !== null && m.snoozedUntil.getTime() > nowMs;

/** Whether a message is in a filter at `nowMs` (expiry aside): the in-memory store's `WHERE`. */
export function matchesInboxFilter(m: InboxMessage, filter: InboxFilter, nowMs: number): boolean {
  const status = filter.status ?? 'inbox';
  if (status === 'archived' && !m.archivedAt) return false;
  if ((status === 'inbox' || status === 'snoozed') && m.archivedAt) return false;
  if (status === 'inbox' && isSnoozed(m, nowMs)) return false;
  if (status === 'snoozed' && !isSnoozed(m, nowMs)) return false;
  if (filter.read !== undefined && filter.read !== (m.readAt !== null)) return false;
  if (filter.seen !== undefined && filter.seen !== (m.seenAt !== null)) return false;
  if (filter.tags && !filter.tags.some((tag) => m.tags.includes(tag))) return false;
  if (filter.severity && !filter.severity.includes(m.severity)) return false;
  return true;
}

/**
 * Applies `change` to `m` in place when it is not in that state yet (the
 * in-memory store's conditional `UPDATE`); returns whether it changed and, for
 * a snooze or an unsnooze, the message's new list time.
 */
export function applyInboxChange(
  m: InboxMessage,
  change: InboxStateChange,
  at: Date,
): { changed: boolean; listedAtMs?: number } {
  const now = () => new Date(at);
  switch (change.change) {
    case 'seen':
      if (m.seenAt) return { changed: false };
      m.seenAt = now();
      return { changed: true };
    case 'read':
      if (m.readAt) return { changed: false };
      m.readAt = now();
      m.seenAt ??= now();
      return { changed: true };
    case 'unread':
      if (!m.readAt) return { changed: false };
      m.readAt = null;
      return { changed: true };
    case 'archived':
      if (m.archivedAt) return { changed: false };
      m.archivedAt = now();
      return { changed: true };
    case 'unarchived':
      if (!m.archivedAt) return { changed: false };
      m.archivedAt = null;
      return { changed: true };
    case 'snoozed': {
      const until = change.until.getTime();
      if (m.snoozedUntil?.getTime() === until) return { changed: false };
      m.snoozedUntil = new Date(until);
      if (change.expiresAt > m.expiresAt) m.expiresAt = new Date(change.expiresAt);
      return { changed: true, listedAtMs: until };
    }
    case 'unsnoozed':
      if (!isSnoozed(m, at.getTime())) return { changed: false };
      m.snoozedUntil = null;
      return { changed: true, listedAtMs: at.getTime() };
  }
}
