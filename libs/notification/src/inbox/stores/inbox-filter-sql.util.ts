import type { InboxFilter, InboxStateChange } from '@herald/contracts';
import { joinSql, raw, sql, type SqlFragment } from './inbox-sql.util.js';

/** A list of parameters: `$1, $2` / `?, ?`. */
const params = (values: readonly unknown[]): SqlFragment =>
  joinSql(
    values.map((value) => sql`${value}`),
    ', ',
  );

/**
 * The conditions of a filter at `nowMs`, ANDed (`1 = 1` for none). The status
 * conditions match the partial indexes of `AddInboxMessageStates1736200000000`
 * (`archived_at IS NULL`, `archived_at IS NOT NULL`, `read_at IS NULL`), so a
 * tab's page walks one index in `(listed_at, id)` order. Tags are JSON text:
 * `?|` over a `jsonb` cast on PostgreSQL, `json_each` on SQLite.
 */
export function inboxFilterSql(filter: InboxFilter, nowMs: number, pg: boolean): SqlFragment {
  const conditions: SqlFragment[] = [];
  const status = filter.status ?? 'inbox';
  if (status === 'archived') conditions.push(raw('archived_at IS NOT NULL'));
  if (status === 'inbox' || status === 'snoozed') conditions.push(raw('archived_at IS NULL'));
  if (status === 'inbox')
    conditions.push(sql`(snoozed_until IS NULL OR snoozed_until <= ${nowMs})`);
  if (status === 'snoozed') conditions.push(sql`snoozed_until > ${nowMs}`);
  if (filter.read !== undefined)
    conditions.push(raw(filter.read ? 'read_at IS NOT NULL' : 'read_at IS NULL'));
  if (filter.seen !== undefined)
    conditions.push(raw(filter.seen ? 'seen_at IS NOT NULL' : 'seen_at IS NULL'));
  if (filter.tags)
    conditions.push(
      pg
        ? sql`(tags::jsonb ?| ${filter.tags})`
        : sql`EXISTS (SELECT 1 FROM json_each(tags) WHERE json_each.value IN (${params(filter.tags)}))`,
    );
  if (filter.severity)
    conditions.push(
      pg ? sql`severity = ANY(${filter.severity})` : sql`severity IN (${params(filter.severity)})`,
    );
  return conditions.length ? joinSql(conditions, ' AND ') : raw('1 = 1');
}

/**
 * `SET` and the condition of one change, so the `UPDATE` changes a row only
 * when it is not in that state yet: concurrent changes never lose an update.
 */
export function inboxChangeSql(
  change: InboxStateChange,
  at: number,
): { set: SqlFragment; when: SqlFragment } {
  switch (change.change) {
    case 'seen':
      return { set: sql`seen_at = ${at}`, when: raw('seen_at IS NULL') };
    case 'read':
      return {
        set: sql`read_at = ${at}, seen_at = COALESCE(seen_at, ${at})`,
        when: raw('read_at IS NULL'),
      };
    case 'unread':
      return { set: raw('read_at = NULL'), when: raw('read_at IS NOT NULL') };
    case 'archived':
      return { set: sql`archived_at = ${at}`, when: raw('archived_at IS NULL') };
    case 'unarchived':
      return { set: raw('archived_at = NULL'), when: raw('archived_at IS NOT NULL') };
    case 'snoozed': {
      const until = change.until.getTime();
      const keep = change.expiresAt.getTime();
      return {
        set: sql`snoozed_until = ${until}, listed_at = ${until}, expires_at = CASE WHEN expires_at < ${keep} THEN ${keep} ELSE expires_at END`,
        when: sql`(snoozed_until IS NULL OR snoozed_until <> ${until})`,
      };
    }
    case 'unsnoozed':
      return {
        set: sql`snoozed_until = NULL, listed_at = ${at}`,
        when: sql`snoozed_until > ${at}`,
      };
  }
}
