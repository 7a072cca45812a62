import { raw, sql, type SqlFragment } from './inbox-sql.util.js';

/**
 * The default list's unread (`read_at`) or unseen (`seen_at`) count of one
 * user at `nowMs`, without counting the user's rows: the counter kept by the
 * triggers of `CreateInboxCounters1736700000000` (every message not archived
 * and not read), less the messages snoozed now and those expired but not yet
 * purged, each a short range on its partial index. Exact: a message comes
 * back from a snooze, or drops out at its expiry, with no write.
 */
export function inboxCountSql(
  messages: SqlFragment,
  counters: SqlFragment,
  userId: string,
  nowMs: number,
  state: 'read_at' | 'seen_at',
): SqlFragment {
  const column = raw(state === 'read_at' ? 'unread' : 'unseen');
  const open = raw(`${state} IS NULL`);
  return sql`(COALESCE((SELECT ${column} FROM ${counters} WHERE user_id = ${userId}), 0)
    - (SELECT COUNT(*) FROM ${messages} WHERE user_id = ${userId} AND archived_at IS NULL AND snoozed_until > ${nowMs} AND expires_at > ${nowMs} AND ${open})
    - (SELECT COUNT(*) FROM ${messages} WHERE user_id = ${userId} AND archived_at IS NULL AND (read_at IS NULL OR seen_at IS NULL) AND expires_at <= ${nowMs} AND ${open}))`;
}
