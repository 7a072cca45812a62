import type { DataSource } from 'typeorm';
import {
  lazyDataSource,
  placeholders,
  runSql,
  sqlTablePath,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type { OutboxCounts, OutboxEntry, OutboxPayload } from './outbox-entry.js';
import { OUTBOX_TABLE } from './outbox-record.entity.js';
import type { OutboxStore, NewOutboxEntry } from './outbox-store.protocol.js';
import type { TransactionRunnerLike } from './notifier-transaction.js';

/** The PostgreSQL channel a committed outbox write is announced on (payload: the table path). */
export const OUTBOX_CHANNEL = 'herald_notification_outbox';

interface ClaimedRow {
  id: string;
  payload: string;
  attempts: number | string;
}

/** A row's payload; one that is not JSON fails its relay (and ends `failed`), not the whole batch. */
function parsePayload(text: string): OutboxPayload {
  try {
    return JSON.parse(text) as OutboxPayload;
  } catch {
    return {
      get plan(): never {
        throw new SyntaxError("the outbox row's payload is not JSON");
      },
    } as unknown as OutboxPayload;
  }
}

interface PgPoolLike {
  connect(): Promise<PgClientLike>;
}
interface PgClientLike {
  query(sql: string): Promise<unknown>;
  on(
    event: 'notification',
    listener: (message: { channel: string; payload?: string }) => void,
  ): void;
  on(event: 'error', listener: (error: Error) => void): void;
  removeAllListeners(event?: string): void;
  release(destroy?: boolean): void;
}

/**
 * The notification outbox in SQL through TypeORM (SQLite and PostgreSQL),
 * table `herald_notification_outbox`. `add` writes through the caller's
 * transaction (`INSERT ... ON CONFLICT DO NOTHING`: the id and the unique
 * idempotency key make a repeated key one row, whichever transaction commits
 * first); on PostgreSQL it also `NOTIFY`s, which PostgreSQL delivers only on
 * commit. `claim` leases a batch to one relay in one statement (PostgreSQL:
 * `FOR UPDATE SKIP LOCKED`, so relays never wait on each other's rows);
 * rows of a relay that died come back when their lease ends. SQLite under
 * TypeORM is one shared connection: the relay does not claim while a
 * transaction is open on it, so keep transactions short there.
 */
export class DatabaseOutboxStore implements OutboxStore {
  readonly dataSource: () => DataSource;
  /** Query runners this process wrote into, so their commit wakes the local relay. */
  private readonly written = new WeakSet<object>();

  constructor(source: DataSourceSource) {
    this.dataSource = lazyDataSource(source);
  }

  private sql(): { ds: DataSource; table: string; p: (i: number) => string; pg: boolean } {
    const ds = this.dataSource();
    return {
      ds,
      table: sqlTablePath(ds, OUTBOX_TABLE),
      p: placeholders(ds),
      pg: ds.options.type === 'postgres',
    };
  }

  async add(runner: TransactionRunnerLike, entry: NewOutboxEntry): Promise<boolean> {
    const { table, p, pg } = this.sql();
    const now = Date.now();
    const result = await runner.query(
      `INSERT INTO ${table} (id, idempotency_key, type, payload, status, attempts, available_at, created_at)
       VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, 'pending', 0, ${p(5)}, ${p(6)})
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        entry.id,
        entry.idempotencyKey ?? null,
        entry.type,
        JSON.stringify(entry.payload),
        entry.availableAt ?? now,
        now,
      ],
      true,
    );
    const created = ((result as { records?: unknown[] }).records ?? []).length > 0;
    if (!created) return false;
    this.written.add(runner);
    if (pg) await runner.query(`SELECT pg_notify($1, $2)`, [OUTBOX_CHANNEL, table]);
    return true;
  }

  async claim(
    relayId: string,
    limit: number,
    leaseMs: number,
    now = Date.now(),
  ): Promise<OutboxEntry[]> {
    const { ds, table, p, pg } = this.sql();
    // SQLite under TypeORM is one connection: a claim during an open transaction would run
    // inside it and see its uncommitted rows. Wait for the commit instead.
    if (!pg && ds.createQueryRunner().isTransactionActive) return [];
    const rows = await runSql<ClaimedRow>(
      ds,
      `UPDATE ${table} SET locked_by = ${p(1)}, locked_until = ${p(2)}, attempts = attempts + 1
       WHERE id IN (
         SELECT id FROM ${table}
         WHERE status = 'pending' AND available_at <= ${p(3)}
           AND (locked_until IS NULL OR locked_until < ${p(4)})
         ORDER BY available_at, created_at LIMIT ${Math.max(1, Math.floor(limit))}
         ${pg ? 'FOR UPDATE SKIP LOCKED' : ''}
       )
       RETURNING id, payload, attempts`,
      [relayId, now + leaseMs, now, now],
    );
    return rows.map((row) => ({
      id: row.id,
      payload: parsePayload(row.payload),
      attempts: Number(row.attempts),
    }));
  }

  async complete(id: string, relayId: string): Promise<boolean> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ id: string }>(
      ds,
      `UPDATE ${table} SET status = 'done', payload = '', processed_at = ${p(1)},
         locked_by = NULL, locked_until = NULL, last_error = NULL
       WHERE id = ${p(2)} AND locked_by = ${p(3)} AND status = 'pending' RETURNING id`,
      [Date.now(), id, relayId],
    );
    return rows.length > 0;
  }

  async release(
    id: string,
    relayId: string,
    error: string,
    retryAt: number | undefined,
  ): Promise<void> {
    const { ds, table, p } = this.sql();
    const failed = retryAt === undefined;
    await runSql(
      ds,
      `UPDATE ${table} SET status = ${p(1)}, last_error = ${p(2)}, available_at = ${p(3)},
         processed_at = ${p(4)}, locked_by = NULL, locked_until = NULL
       WHERE id = ${p(5)} AND locked_by = ${p(6)} AND status = 'pending'`,
      [
        failed ? 'failed' : 'pending',
        error.slice(0, 2000),
        retryAt ?? Date.now(),
        failed ? Date.now() : null,
        id,
        relayId,
      ],
    );
  }

  async counts(): Promise<OutboxCounts> {
    const { ds, table } = this.sql();
    const rows = await runSql<{ status: keyof OutboxCounts; n: number | string }>(
      ds,
      `SELECT status, COUNT(*) AS n FROM ${table} GROUP BY status`,
    );
    const counts: OutboxCounts = { pending: 0, done: 0, failed: 0 };
    for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
    return counts;
  }

  async purge(before: Date): Promise<number> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ id: string }>(
      ds,
      `DELETE FROM ${table} WHERE status IN ('done', 'failed') AND processed_at < ${p(1)} RETURNING id`,
      [before.getTime()],
    );
    return rows.length;
  }

  /**
   * Calls `wake` when a transaction this process wrote into commits (a
   * TypeORM subscriber on the data source), and on PostgreSQL when any
   * process's write commits (`LISTEN` on a connection of its own from the
   * data source's pool); answers how to stop. If `LISTEN` fails, the local
   * wake-ups and polling still relay.
   */
  async listen(wake: () => void): Promise<() => Promise<void>> {
    const ds = this.dataSource();
    const subscriber = {
      afterTransactionCommit: (event: { queryRunner?: object }) => {
        if (event.queryRunner && this.written.delete(event.queryRunner)) wake();
      },
    };
    ds.subscribers.push(subscriber as unknown as (typeof ds.subscribers)[number]);
    const stopLocal = () => {
      const at = ds.subscribers.indexOf(subscriber as unknown as (typeof ds.subscribers)[number]);
      if (at >= 0) ds.subscribers.splice(at, 1);
    };
    let stopListen: (() => Promise<void>) | undefined;
    try {
      stopListen = await this.listenPostgres(wake);
    } catch {
      stopListen = undefined;
    }
    return async () => {
      stopLocal();
      await stopListen?.();
    };
  }

  private async listenPostgres(wake: () => void): Promise<(() => Promise<void>) | undefined> {
    const { ds, table, pg } = this.sql();
    const pool = pg ? (ds.driver as unknown as { master?: PgPoolLike }).master : undefined;
    if (!pool || typeof pool.connect !== 'function') return undefined;
    const client = await pool.connect();
    let broken = false;
    client.on('notification', (message) => {
      if (message.channel === OUTBOX_CHANNEL && message.payload === table) wake();
    });
    client.on('error', () => {
      broken = true;
    });
    try {
      await client.query(`LISTEN ${OUTBOX_CHANNEL}`);
    } catch (error) {
      client.removeAllListeners('notification');
      client.removeAllListeners('error');
      client.release(true);
      throw error;
    }
    return async () => {
      try {
        if (!broken) await client.query(`UNLISTEN ${OUTBOX_CHANNEL}`);
      } catch {
        broken = true;
      } finally {
        client.removeAllListeners('notification');
        client.removeAllListeners('error');
        client.release(broken);
      }
    };
  }
}
