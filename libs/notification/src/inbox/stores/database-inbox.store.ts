import type { DataSource } from 'typeorm';
import type {
  InboxBulkChange,
  InboxCounts,
  InboxFilter,
  InboxMessage,
  InboxPage,
  InboxPageQuery,
  InboxStateChange,
  InboxStoreProtocol,
} from '@herald/contracts';
import { InboxError } from '../errors/inbox.error.js';
import { INBOX_COUNTERS_TABLE, INBOX_TABLE } from '../inbox.constants.js';
import { decodeInboxCursor, encodeInboxCursor } from '../utils/inbox-cursor.util.js';
import {
  refuseInboxControls,
  refuseInboxFilterControls,
  refuseInboxMessageControls,
} from './inbox-store-input.util.js';
import { inboxChangeSql, inboxFilterSql } from './inbox-filter-sql.util.js';
import { inboxCountSql } from './inbox-counter-sql.util.js';
import { pgDriverOf, runOnPg, type PgDriver } from '../../utils/pg-statement.util.js';
import {
  INBOX_COLUMNS,
  buildSql,
  joinSql,
  inboxCountersTablePath,
  inboxTablePath,
  raw,
  rowToMessage,
  sql,
  type InboxRow,
  type SqlFragment,
} from './inbox-sql.util.js';

/** The counter row's columns as `listWithCounts` reads them (bigint comes back as text on PostgreSQL). */
interface CounterColumns {
  unread_count: string | number | null;
  unseen_count: string | number | null;
  snoozed_until_max?: string | number | null;
  expires_at_min?: string | number | null;
}

/** Whether a counted row may be snoozed or expired at `ms`, by the counter's bounds. */
function correctionsDue(row: Partial<CounterColumns>, ms: number): boolean {
  const snoozed = row.snoozed_until_max;
  const expires = row.expires_at_min;
  return (snoozed != null && Number(snoozed) > ms) || (expires != null && Number(expires) <= ms);
}

/** LIMIT as text, so that a generic plan knows it (the service passes 1 to its maxPageSize + 1). */
function limitSql(n: number): SqlFragment {
  return Number.isSafeInteger(n) && n > 0 ? raw(String(n)) : sql`${n}`;
}

/** `limit` rows at most, and a cursor when `rows` holds one more. */
function toPage(rows: InboxRow[], limit: number): InboxPage {
  const kept = rows.slice(0, limit);
  const last = kept[kept.length - 1];
  const nextCursor =
    rows.length > limit && last
      ? encodeInboxCursor({ listedAtMs: Number(last.listed_at), id: last.id })
      : undefined;
  return { notifications: kept.map(rowToMessage), nextCursor };
}

/** A clearer error when a migration has not run (SQLite and PostgreSQL wordings). */
function missingTable(error: unknown): InboxError | undefined {
  const message = String((error as Error)?.message ?? '');
  if (
    /no such column|column .* does not exist/i.test(message) &&
    /snoozed_until_max|expires_at_min/.test(message)
  )
    return new InboxError(
      `table '${INBOX_COUNTERS_TABLE}' lacks the columns of AddInboxCounterBounds1736800000000; add heraldMigrations() to your TypeORM migrations and run them`,
      'INBOX_TABLE_MISSING',
    );
  if (
    /no such column|column .* does not exist/i.test(message) &&
    /listed_at|seen_at|archived_at|snoozed_until|tags|severity|actions/.test(message)
  )
    return new InboxError(
      `inbox table '${INBOX_TABLE}' lacks the columns of AddInboxMessageStates1736200000000; add heraldMigrations() to your TypeORM migrations and run them`,
      'INBOX_TABLE_MISSING',
    );
  if (!/no such table|relation .* does not exist/i.test(message)) return undefined;
  // PostgreSQL names the first missing table it meets: the counters when both are missing
  const missing = [INBOX_TABLE, INBOX_COUNTERS_TABLE].find((table) => message.includes(table));
  if (!missing) return undefined;
  return new InboxError(
    `inbox table '${missing}' does not exist; add heraldMigrations() (CreateInboxMessages1732300000000, AddInboxMessageStates1736200000000, CreateInboxCounters1736700000000 and AddInboxCounterBounds1736800000000) to your TypeORM migrations and run them`,
    'INBOX_TABLE_MISSING',
  );
}

/** Options of `DatabaseInboxStore`. */
export interface DatabaseInboxStoreOptions {
  /**
   * PostgreSQL only: run each statement as a named prepared statement on the
   * pooled `pg` connection, so PostgreSQL parses and plans it once per
   * connection instead of once per call (the page query and the unread count
   * of `getInbox()` are then just executed). Turn it off behind a pooler that
   * cannot keep prepared statements (PgBouncer in transaction mode before 1.21,
   * or without `max_prepared_statements`).
   * @default true
   */
  preparedStatements?: boolean;
}

/**
 * Inbox store on a TypeORM `DataSource` (SQLite or PostgreSQL), table
 * `herald_inbox_messages` from `CreateInboxMessages1732300000000` and
 * `AddInboxMessageStates1736200000000`, and the per-user counters of
 * `CreateInboxCounters1736700000000`.
 *
 * Every statement is scoped by `user_id`, and every state change is one
 * conditional statement (`... AND read_at IS NULL`), so concurrent changes
 * never lose an update. The default list's unread and unseen counts
 * (`getInbox()`, `countUnread()`) read the user's counter row, kept by
 * triggers in the transaction of every write, less the few messages snoozed
 * now or expired: exact, and no count over the user's rows; the tab counts
 * (`counts()`) are computed from the rows. Pages are keyset pages on `(listed_at, id)`
 * (`listed_at`: `created_at`, or the end of the snooze), each filter on one of
 * the partial indexes; the counts of up to 20 tabs are one statement.
 *
 * On PostgreSQL the statements skip TypeORM's query runner: each takes a pooled
 * connection from the data source's master pool, runs as a named prepared
 * statement (see `preparedStatements`), and is logged through the data source's
 * logger like a runner query (slow ones too, past `maxQueryExecutionTime`); a
 * failure is a TypeORM `QueryFailedError`. Entity subscribers' query events are
 * not fired for these statements.
 */
export class DatabaseInboxStore implements InboxStoreProtocol {
  private resolved?: {
    dataSource: DataSource;
    table: SqlFragment;
    counters: SqlFragment;
    pg?: PgDriver;
  };

  /** `source` may be a function, resolved on first use (after the application has bootstrapped). */
  constructor(
    private readonly source: DataSource | (() => DataSource),
    private readonly options: DatabaseInboxStoreOptions = {},
  ) {}

  /** The data source in use. */
  get dataSource(): DataSource {
    return this.use().dataSource;
  }

  private get table(): SqlFragment {
    return this.use().table;
  }

  private use(): NonNullable<DatabaseInboxStore['resolved']> {
    if (!this.resolved) {
      const dataSource = typeof this.source === 'function' ? this.source() : this.source;
      const pg = pgDriverOf(dataSource);
      this.resolved = {
        dataSource,
        table: raw(inboxTablePath(dataSource)),
        counters: raw(inboxCountersTablePath(dataSource)),
        pg,
      };
    }
    return this.resolved;
  }

  async insert(m: InboxMessage): Promise<InboxMessage> {
    refuseInboxMessageControls(m);
    const listedAt = (m.snoozedUntil ?? m.createdAt).getTime();
    const ms = (d: Date | null) => (d ? d.getTime() : null);
    await this.run(
      sql`INSERT INTO ${this.table} (${raw(INBOX_COLUMNS)}) VALUES (${m.id}, ${m.userId}, ${m.title}, ${m.body}, ${m.category ?? null}, ${m.actionUrl ?? null}, ${m.data === undefined ? null : JSON.stringify(m.data)}, ${ms(m.readAt)}, ${ms(m.seenAt)}, ${ms(m.archivedAt)}, ${ms(m.snoozedUntil)}, ${listedAt}, ${JSON.stringify(m.tags)}, ${m.severity}, ${JSON.stringify(m.actions)}, ${m.createdAt.getTime()}, ${m.expiresAt.getTime()})`,
    );
    return { ...m };
  }

  async list(userId: string, query: InboxPageQuery, now: Date): Promise<InboxPage> {
    refuseInboxControls({ userId });
    return toPage(await this.pageRows(userId, query, now, raw('')), query.limit);
  }

  /**
   * The page and the default list's unread and unseen counts, mostly in one
   * statement whose plan PostgreSQL keeps: the page without the expiry test,
   * and the user's counter row. While the counter's bounds say that no
   * counted row is snoozed or expired (`AddInboxCounterBounds1736800000000`),
   * the counter is the count, and while no row of the page has expired, the
   * page is the page. Otherwise one more statement gives both exactly, from
   * one snapshot: the page without its expired rows, and the counts less what
   * is snoozed now or expired (`inboxCountSql`). A page with no row carries no
   * count, so it is counted apart.
   */
  async listWithCounts(
    userId: string,
    query: InboxPageQuery,
    now: Date,
  ): Promise<InboxPage & { unreadCount: number; unseenCount: number }> {
    refuseInboxControls({ userId });
    const ms = now.getTime();
    const rows = await this.pageRows(userId, query, now, sql`, ${this.counterSql(userId)}`, false);
    const first = rows[0];
    if (first && !correctionsDue(first, ms) && rows.every((row) => Number(row.expires_at) > ms))
      return {
        ...toPage(rows, query.limit),
        unreadCount: Number(first.unread_count ?? 0),
        unseenCount: Number(first.unseen_count ?? 0),
      };
    const counts = this.countsSql(userId, now);
    const exact = first ? await this.pageRows(userId, query, now, sql`, ${counts}`) : rows;
    const row = exact[0] ?? ((await this.run(sql`SELECT ${counts}`)).records[0] as CounterColumns);
    return {
      ...toPage(exact, query.limit),
      unreadCount: Number(row.unread_count),
      unseenCount: Number(row.unseen_count),
    };
  }

  /** The user's counter row: `unread_count, unseen_count` and the bounds, each NULL without a row. */
  private counterSql(userId: string): SqlFragment {
    const { counters } = this.use();
    const column = (name: string, as: string) =>
      sql`(SELECT ${raw(name)} FROM ${counters} WHERE user_id = ${userId}) AS ${raw(as)}`;
    return sql`${column('unread', 'unread_count')}, ${column('unseen', 'unseen_count')}, ${column('snoozed_until_max', 'snoozed_until_max')}, ${column('expires_at_min', 'expires_at_min')}`;
  }

  /** `unread_count, unseen_count` of the default list, from the counters. */
  private countsSql(userId: string, now: Date): SqlFragment {
    const { table, counters } = this.use();
    const ms = now.getTime();
    return sql`${inboxCountSql(table, counters, userId, ms, 'read_at')} AS unread_count, ${inboxCountSql(table, counters, userId, ms, 'seen_at')} AS unseen_count`;
  }

  /**
   * The page's rows and one more (is there a next page?), with `extra`
   * columns. `expiryInSql: false` leaves the expiry test to the caller: the
   * statement's generic plan then estimates the page as PostgreSQL's custom
   * plans do, so PostgreSQL plans it once per connection.
   */
  private async pageRows(
    userId: string,
    query: InboxPageQuery,
    now: Date,
    extra: SqlFragment,
    expiryInSql = true,
  ): Promise<Array<InboxRow & Partial<CounterColumns>>> {
    refuseInboxFilterControls(query.filter);
    const cursor = query.cursor ? decodeInboxCursor(query.cursor) : undefined;
    const filter: InboxFilter = query.unreadOnly
      ? { ...query.filter, read: false }
      : (query.filter ?? {});
    const ms = now.getTime();
    return (
      await this.run(sql`SELECT ${raw(INBOX_COLUMNS)}${extra} FROM ${this.table}
      WHERE user_id = ${userId}${expiryInSql ? sql` AND expires_at > ${ms}` : raw('')}
      AND ${inboxFilterSql(filter, ms, this.isPg)}
      ${cursor ? sql`AND (listed_at, id) < (${cursor.listedAtMs}, ${cursor.id})` : raw('')}
      ORDER BY listed_at DESC, id DESC LIMIT ${limitSql(query.limit + 1)}`)
    ).records as Array<InboxRow & Partial<CounterColumns>>;
  }

  async findOne(userId: string, messageId: string, now: Date): Promise<InboxMessage | undefined> {
    refuseInboxControls({ userId, messageId });
    const { records } = await this.run(
      sql`SELECT ${raw(INBOX_COLUMNS)} FROM ${this.table} WHERE id = ${messageId} AND user_id = ${userId} AND expires_at > ${now.getTime()}`,
    );
    return records[0] ? rowToMessage(records[0] as InboxRow) : undefined;
  }

  markRead(userId: string, messageId: string, at: Date): Promise<boolean> {
    return this.update(userId, messageId, { change: 'read' }, at);
  }

  markAllRead(userId: string, at: Date): Promise<number> {
    return this.updateAll(userId, 'read', { status: 'all' }, at);
  }

  async update(
    userId: string,
    messageId: string,
    change: InboxStateChange,
    at: Date,
  ): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const ms = at.getTime();
    const { set, when } = inboxChangeSql(change, ms);
    const { affected } = await this.run(
      sql`UPDATE ${this.table} SET ${set} WHERE id = ${messageId} AND user_id = ${userId} AND expires_at > ${ms} AND ${when}`,
    );
    return (affected ?? 0) > 0;
  }

  async updateAll(
    userId: string,
    change: InboxBulkChange,
    filter: InboxFilter,
    at: Date,
  ): Promise<number> {
    refuseInboxControls({ userId });
    refuseInboxFilterControls(filter);
    const ms = at.getTime();
    const { set, when } = inboxChangeSql({ change }, ms);
    const { affected } = await this.run(
      sql`UPDATE ${this.table} SET ${set} WHERE user_id = ${userId} AND expires_at > ${ms} AND ${inboxFilterSql(filter, ms, this.isPg)} AND ${when}`,
      false,
    );
    return affected ?? 0;
  }

  /**
   * Every tab's unread, unseen and total in one statement over the user's
   * unexpired rows: `COUNT(*) FILTER (WHERE ...)` on PostgreSQL,
   * `COUNT(CASE WHEN ... THEN 1 END)` on SQLite. Never prepared: the text
   * depends on the tabs.
   */
  async counts(
    userId: string,
    tabs: Record<string, InboxFilter>,
    now: Date,
  ): Promise<Record<string, InboxCounts>> {
    refuseInboxControls({ userId });
    const ids = Object.keys(tabs);
    for (const id of ids) refuseInboxFilterControls(tabs[id], `tabs.${id}`);
    const nowMs = now.getTime();
    const count = (condition: SqlFragment, alias: string) =>
      this.isPg
        ? sql`COUNT(*) FILTER (WHERE ${condition}) AS ${raw(alias)}`
        : sql`COUNT(CASE WHEN ${condition} THEN 1 END) AS ${raw(alias)}`;
    const columns = ids.flatMap((id, i) => {
      const where = inboxFilterSql(tabs[id], nowMs, this.isPg);
      return [
        count(where, `t${i}_total`),
        count(sql`${where} AND read_at IS NULL`, `t${i}_unread`),
        count(sql`${where} AND seen_at IS NULL`, `t${i}_unseen`),
      ];
    });
    const { records } = await this.run(
      sql`SELECT ${joinSql(columns, ', ')} FROM ${this.table} WHERE user_id = ${userId} AND expires_at > ${nowMs}`,
      false,
    );
    const row = records[0] as Record<string, string | number>;
    return Object.fromEntries(
      ids.map((id, i) => [
        id,
        {
          unread: Number(row[`t${i}_unread`]),
          unseen: Number(row[`t${i}_unseen`]),
          total: Number(row[`t${i}_total`]),
        },
      ]),
    );
  }

  async delete(userId: string, messageId: string): Promise<boolean> {
    refuseInboxControls({ userId, messageId });
    const { affected } = await this.run(
      sql`DELETE FROM ${this.table} WHERE id = ${messageId} AND user_id = ${userId}`,
    );
    return (affected ?? 0) > 0;
  }

  /** The counter row alone while no correction is due (see `listWithCounts`), else the exact count. */
  async countUnread(userId: string, now: Date): Promise<number> {
    refuseInboxControls({ userId });
    const counter = (await this.run(sql`SELECT ${this.counterSql(userId)}`))
      .records[0] as CounterColumns;
    if (!correctionsDue(counter, now.getTime())) return Number(counter.unread_count ?? 0);
    const { table, counters } = this.use();
    const { records } = await this.run(
      sql`SELECT ${inboxCountSql(table, counters, userId, now.getTime(), 'read_at')} AS n`,
    );
    return Number((records[0] as { n: string | number }).n);
  }

  async purgeExpired(now: Date): Promise<number> {
    const { affected } = await this.run(
      sql`DELETE FROM ${this.table} WHERE expires_at <= ${now.getTime()}`,
    );
    return affected ?? 0;
  }

  async ping(): Promise<void> {
    await this.run(sql`SELECT 1 AS ok FROM ${this.table} WHERE 1 = 0`);
  }

  private get isPg(): boolean {
    return this.use().dataSource.options.type === 'postgres';
  }

  /** `prepare: false` for a statement whose text varies without bound (tabs, bulk filters). */
  private async run(
    fragment: SqlFragment,
    prepare = true,
  ): Promise<{ records: unknown[]; affected?: number }> {
    const { dataSource, pg } = this.use();
    const [text, params] = buildSql(dataSource, fragment);
    try {
      return pg
        ? await runOnPg(
            dataSource,
            pg,
            text,
            params,
            prepare && this.options.preparedStatements !== false,
          )
        : await this.runQuery(text, params);
    } catch (error) {
      throw missingTable(error) ?? error;
    }
  }

  /** SQLite (and any other driver): through a TypeORM query runner. */
  private async runQuery(text: string, params: unknown[]) {
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(text, params, true);
      return { records: (result.records ?? []) as unknown[], affected: result.affected };
    } finally {
      await runner.release();
    }
  }
}
