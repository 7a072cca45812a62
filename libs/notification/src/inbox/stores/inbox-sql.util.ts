import type { DataSource } from 'typeorm';
import type { InboxAction, InboxMessage, InboxSeverity } from '@herald/contracts';
import { INBOX_COUNTERS_TABLE, INBOX_TABLE } from '../inbox.constants.js';

/** The escaped inbox table, schema-qualified when the data source has a `schema` option. */
export function inboxTablePath(dataSource: DataSource, name = INBOX_TABLE): string {
  const driver = dataSource.driver;
  const schema = (dataSource.options as { schema?: string }).schema;
  const table = driver.escape(name);
  return schema ? `${driver.escape(schema)}.${table}` : table;
}

/** The escaped per-user counters table (see `CreateInboxCounters1736700000000`). */
export function inboxCountersTablePath(dataSource: DataSource): string {
  return inboxTablePath(dataSource, INBOX_COUNTERS_TABLE);
}

/** A piece of SQL: literal text and parameter values, numbered only when built. */
export class SqlFragment {
  constructor(readonly parts: Array<string | { value: unknown }>) {}
}

/** Inserts trusted text (a table path, a column list) into `sql` as is. */
export const raw = (text: string): SqlFragment => new SqlFragment([text]);

/** Tagged template: values become parameters; nested fragments and `raw()` are spliced in. */
export function sql(strings: TemplateStringsArray, ...values: unknown[]): SqlFragment {
  const parts: SqlFragment['parts'] = [strings[0]];
  values.forEach((value, i) => {
    if (value instanceof SqlFragment) parts.push(...value.parts);
    else parts.push({ value });
    parts.push(strings[i + 1]);
  });
  return new SqlFragment(parts);
}

/** Fragments joined by `separator` (`' AND '`, `', '`). */
export function joinSql(fragments: SqlFragment[], separator: string): SqlFragment {
  const parts: SqlFragment['parts'] = [];
  fragments.forEach((fragment, i) => {
    if (i > 0) parts.push(separator);
    parts.push(...fragment.parts);
  });
  return new SqlFragment(parts);
}

/** Text with the driver's placeholders (`$1` on PostgreSQL, `?` on SQLite) and its parameters. */
export function buildSql(dataSource: DataSource, fragment: SqlFragment): [string, unknown[]] {
  const params: unknown[] = [];
  let text = '';
  for (const part of fragment.parts) {
    if (typeof part === 'string') {
      text += part;
    } else {
      text += dataSource.driver.createParameter(`p${params.length}`, params.length);
      params.push(part.value);
    }
  }
  return [text, params];
}

export interface InboxRow {
  id: string;
  user_id: string;
  title: string;
  body: string;
  category: string | null;
  action_url: string | null;
  data: string | null;
  read_at: string | number | null;
  seen_at: string | number | null;
  archived_at: string | number | null;
  snoozed_until: string | number | null;
  listed_at: string | number;
  /** JSON text (an array of strings). */
  tags: string;
  severity: string;
  /** JSON text (an array of `InboxAction`). */
  actions: string;
  created_at: string | number;
  expires_at: string | number;
}

export const INBOX_COLUMNS =
  'id, user_id, title, body, category, action_url, data, read_at, seen_at, archived_at, snoozed_until, listed_at, tags, severity, actions, created_at, expires_at';

const time = (value: string | number | null): Date | null =>
  value === null ? null : new Date(Number(value));

/** A JSON array column; most rows hold `[]` (no tags, no actions), which needs no parse. */
const list = <T>(text: string): T[] => (text === '[]' ? [] : (JSON.parse(text) as T[]));

/** A raw row (bigint may arrive as a string from `pg`) to an `InboxMessage`. */
export function rowToMessage(row: InboxRow): InboxMessage {
  const message: InboxMessage = {
    id: row.id,
    userId: row.user_id,
    title: row.title,
    body: row.body,
    readAt: time(row.read_at),
    seenAt: time(row.seen_at),
    archivedAt: time(row.archived_at),
    snoozedUntil: time(row.snoozed_until),
    tags: list<string>(row.tags),
    severity: row.severity as InboxSeverity,
    actions: list<InboxAction>(row.actions),
    createdAt: new Date(Number(row.created_at)),
    expiresAt: new Date(Number(row.expires_at)),
  };
  if (row.category !== null) message.category = row.category;
  if (row.action_url !== null) message.actionUrl = row.action_url;
  if (row.data !== null) message.data = JSON.parse(row.data) as Record<string, unknown>;
  return message;
}
