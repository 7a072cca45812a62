import type { DataSource } from 'typeorm';
import { HeraldError } from '@herald/contracts';
import {
  DELIVERY_STATUSES,
  FINAL_STATUSES,
  newDeliveryRecord,
  predecessorsOf,
  type DeliveryPatch,
  type DeliveryRecord,
  type DeliveryStatus,
} from '../records/delivery-record.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import {
  DELIVERY_COLUMNS,
  DELIVERY_PG_TYPES,
  PATCH_COLUMNS,
  deliveryTablePath,
  maxParameters,
  placeholders,
  rowToRecord,
  statusById,
  type DeliveryRow,
} from './delivery-sql.util.js';
import { runSql } from '../../utils/sql-store.util.js';
import { pgDriverOf, runOnPg, type PgDriver } from '../../utils/pg-statement.util.js';
import { WriteCoalescer } from '../../utils/write-coalescer.util.js';
import { normalizeChannel } from '../records/normalize-channel.util.js';
import { batchWriteSql } from './batch-transition-sql.util.js';
import {
  TransitionBatcher,
  type TransitionGroup,
  type TransitionBatcherOptions,
} from './transition-batcher.js';
import type {
  DeliveryCountQuery,
  DeliveryListQuery,
  DeliveryStore,
  NewDeliveryRecord,
  QueuedJobQuery,
  StoredDeliveryJob,
} from './delivery-store.protocol.js';

/**
 * The columns an insert writes (`unnest` takes one array of each, typed by
 * `DELIVERY_PG_TYPES`). The values come in this order from `insertValues`.
 */
const INSERT_FIELDS = [
  'id',
  'channel',
  'backend',
  'recipient',
  'status',
  'attempts',
  'last_error',
  'idempotency_key',
  'notification_id',
  'created_at',
  'updated_at',
  'job',
  'sms_segments',
  'sms_encoding',
] as const;
const INSERT_COLUMNS = INSERT_FIELDS.join(', ');

/** The job column: what the sweeper needs to add the job again (id, channel, notification are columns). */
function jobText(record: DeliveryRecord, job: StoredDeliveryJob | undefined): string | null {
  if (!job || record.status !== 'queued') return null;
  return JSON.stringify({ backends: job.backends, message: job.message, meta: job.meta });
}

function insertValues(record: DeliveryRecord, job: StoredDeliveryJob | undefined): unknown[] {
  const now = record.createdAt.getTime();
  return [
    record.id,
    record.channel,
    record.backend,
    record.recipient,
    record.status,
    0,
    record.lastError ?? null,
    record.idempotencyKey ?? null,
    record.notificationId ?? null,
    now,
    now,
    jobText(record, job),
    record.smsSegments ?? null,
    record.smsEncoding ?? null,
  ];
}
const INSERT_WIDTH = INSERT_FIELDS.length;

/** The rows' values column by column: one array per column of `INSERT_FIELDS`, for `unnest`. */
function insertArrays(
  records: readonly DeliveryRecord[],
  jobs: ReadonlyArray<StoredDeliveryJob | undefined>,
): unknown[][] {
  const columns = INSERT_FIELDS.map(() => new Array<unknown>(records.length));
  for (let row = 0; row < records.length; row++) {
    const values = insertValues(records[row], jobs[row]);
    for (let col = 0; col < INSERT_WIDTH; col++) columns[col][row] = values[col];
  }
  return columns;
}

/**
 * Rows an insert statement carries at most on PostgreSQL (its parameters are
 * one array a column, so no parameter limit applies; this bounds a message).
 */
const PG_INSERT_ROWS = 5000;

/** The transitions of a queue worker's hot path, batched on PostgreSQL. */
const BATCHED_STATUSES: ReadonlySet<DeliveryStatus> = new Set(['sending', 'sent']);

/** The statuses `claim` moves to `sending` from. */
const CLAIMABLE = predecessorsOf('sending');

/** Options of `DatabaseDeliveryStore`. */
export interface DatabaseDeliveryStoreOptions {
  /**
   * Batching of a queue worker's writes on PostgreSQL: the claims and the
   * `sending` and `sent` transitions that arrive together are one statement
   * (an `UPDATE` per kind, joined as data-modifying CTEs); `false` writes
   * each transition alone (concurrent claims still share one). SQLite always
   * writes them one by one.
   * @default { windowMs: 0, maxRows: 500, inFlight: 1 }
   */
  batchTransitions?: TransitionBatcherOptions | false;
  /**
   * PostgreSQL only: run the statements that repeat (the insert of new
   * records, and a queue worker's claim, read and transitions) as named
   * prepared statements on the pooled `pg` connection, parsed and planned
   * once per connection. Turn it off behind a pooler that cannot keep
   * prepared statements (PgBouncer in transaction mode before 1.21, or
   * without `max_prepared_statements`).
   * @default true
   */
  preparedStatements?: boolean;
}
/**
 * Delivery records in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_delivery_records` from
 * `CreateDeliveryRecords1732400000000`, `AddDeliveryNotificationId1734200000000` and
 * `AddDeliveryFeedback1735300000000`. Creation is `INSERT ... ON CONFLICT
 * DO NOTHING` and every status change one conditional `UPDATE ... WHERE
 * status IN (allowed predecessors)`, so processes sharing the table (queue
 * workers) never apply a forbidden transition. On PostgreSQL the `sending`
 * and `sent` transitions of concurrent callers are written together (see
 * `batchTransitions`), with the same per-record answers and errors.
 */
export class DatabaseDeliveryStore implements DeliveryStore {
  /** The records are rows: a first job's send need not wait for its claim (`DeliveryStore.durable`). */
  readonly durable = true;
  private resolved?: {
    dataSource: DataSource;
    table: string;
    p: (index: number) => string;
    maxRows: number;
    pg?: PgDriver;
  };

  /** Concurrent `create` / `createMany` calls become one multi-row INSERT. */
  private readonly inserts = new WriteCoalescer<
    NewDeliveryRecord,
    { record: DeliveryRecord; created: boolean }
  >((inputs) => this.insertMany(inputs));

  private batcher?: TransitionBatcher | null;

  /** `source` may be a getter, read on first use (a DataSource that Nest builds later). */
  constructor(
    private readonly source: DataSource | (() => DataSource),
    private readonly options: DatabaseDeliveryStoreOptions = {},
  ) {}

  private get dataSource(): DataSource {
    return this.setup().dataSource;
  }

  private get table(): string {
    return this.setup().table;
  }

  private get p(): (index: number) => string {
    return this.setup().p;
  }

  private setup(): NonNullable<DatabaseDeliveryStore['resolved']> {
    if (!this.resolved) {
      const dataSource = typeof this.source === 'function' ? this.source() : this.source;
      this.resolved = {
        dataSource,
        table: deliveryTablePath(dataSource),
        p: placeholders(dataSource),
        maxRows: Math.floor(maxParameters(dataSource) / INSERT_WIDTH),
        pg: pgDriverOf(dataSource),
      };
    }
    return this.resolved;
  }

  async create(input: NewDeliveryRecord): Promise<{ record: DeliveryRecord; created: boolean }> {
    const [result] = await this.createMany([input]);
    return result;
  }

  /**
   * `INSERT ... ON CONFLICT (id) DO NOTHING` of many rows a statement: on
   * PostgreSQL one prepared statement whatever the row count (the rows as
   * arrays, `unnest`ed), elsewhere a multi-row `VALUES` of as many rows as
   * the driver allows; what concurrent callers create in the same turn of
   * the event loop goes in the same statements.
   */
  createMany(
    inputs: readonly NewDeliveryRecord[],
  ): Promise<Array<{ record: DeliveryRecord; created: boolean }>> {
    return this.inserts.submit(inputs);
  }

  private async insertMany(
    inputs: readonly NewDeliveryRecord[],
  ): Promise<Array<{ record: DeliveryRecord; created: boolean }>> {
    const { maxRows, pg } = this.setup();
    const records = inputs.map(newDeliveryRecord);
    const inserted = new Set<string>();
    const chunkRows = pg ? PG_INSERT_ROWS : maxRows;
    for (let start = 0; start < records.length; start += chunkRows) {
      const chunk = records.slice(start, start + chunkRows);
      const jobs = inputs.slice(start, start + chunkRows).map((input) => input.job);
      // only the ids come back: the rows are what was just written
      const rows = pg
        ? // one text whatever the row count: prepared once per connection
          await this.run(this.insertArraysSql(), insertArrays(chunk, jobs), true)
        : await this.run(
            this.insertValuesSql(chunk.length),
            chunk.flatMap((record, row) => insertValues(record, jobs[row])),
          );
      for (const row of rows) inserted.add(row.id);
    }
    const out: Array<{ record: DeliveryRecord; created: boolean }> = [];
    for (const [i, input] of inputs.entries()) {
      if (inserted.delete(input.id)) {
        // a repeated id in one batch: the second one finds the first as existing
        out.push({ record: records[i], created: true });
        continue;
      }
      const existing = await this.get(input.id);
      if (!existing) {
        throw new HeraldError(
          `delivery record "${input.id}" already exists but could not be read back (deleted meanwhile?); send again with the same idempotency key`,
          { code: 'HERALD_DELIVERY_RECORD_CONFLICT' },
        );
      }
      out.push({ record: existing, created: false });
    }
    return out;
  }

  /** A multi-row `INSERT ... VALUES` of `rows` rows (SQLite: its text depends on the row count). */
  private insertValuesSql(rows: number): string {
    const tuples = Array.from(
      { length: rows },
      (_, row) =>
        `(${Array.from({ length: INSERT_WIDTH }, (__, col) => this.p(row * INSERT_WIDTH + col + 1)).join(', ')})`,
    );
    return `INSERT INTO ${this.table} (${INSERT_COLUMNS}) VALUES ${tuples.join(', ')}
         ON CONFLICT (id) DO NOTHING RETURNING id`;
  }

  private insertText?: string;

  /**
   * PostgreSQL's insert, built once: the rows as one array a column
   * (`insertArrays`), `unnest`ed, so the text is the same whatever the row
   * count and the statement is parsed and planned once per connection.
   */
  private insertArraysSql(): string {
    this.insertText ??= `INSERT INTO ${this.table} (${INSERT_COLUMNS})
       SELECT * FROM unnest(${INSERT_FIELDS.map((column, i) => `$${i + 1}::${DELIVERY_PG_TYPES[column]}[]`).join(', ')})
       ON CONFLICT (id) DO NOTHING RETURNING id`;
    return this.insertText;
  }

  /** Concurrent `get` calls on PostgreSQL become one `SELECT ... WHERE id = ANY($1)`. */
  private readonly reads = new WriteCoalescer<string, DeliveryRecord | undefined>(
    (ids) => this.getMany(ids),
    1000,
  );

  async get(id: string): Promise<DeliveryRecord | undefined> {
    if (this.dataSource.options.type !== 'postgres') return this.getOne(id);
    const [record] = await this.reads.submit([id]);
    return record;
  }

  private async getMany(ids: readonly string[]): Promise<Array<DeliveryRecord | undefined>> {
    if (ids.length === 1) return [await this.getOne(ids[0])];
    const rows = await this.run(
      `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} WHERE id = ANY($1::varchar[])`,
      [[...new Set(ids)]],
      true,
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      return row && rowToRecord(row);
    });
  }

  private async getOne(id: string): Promise<DeliveryRecord | undefined> {
    const rows = await this.run(
      `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} WHERE id = ${this.p(1)}`,
      [id],
      true,
    );
    return rows[0] && rowToRecord(rows[0]);
  }

  /**
   * Without batched transitions, concurrent `claim` calls on PostgreSQL
   * become one `UPDATE ... WHERE id = ANY($2)` (with them, they join the batch).
   */
  private readonly claims = new WriteCoalescer<string, DeliveryRecord | undefined>(
    (ids) => this.claimMany(ids),
    1000,
  );

  /**
   * `UPDATE ... SET status = 'sending', attempts = attempts + 1 ... WHERE
   * status IN (its predecessors) RETURNING ...`: the read and the `sending`
   * transition of a queue worker in one statement (on PostgreSQL, one for
   * the claims that arrive together).
   */
  async claim(id: string): Promise<DeliveryRecord | undefined> {
    if (this.dataSource.options.type === 'postgres') {
      // in the statements of the worker's `sent` transitions, or on its own
      const batcher = this.transitionBatcher();
      if (batcher) return batcher.claim(id);
      const [record] = await this.claims.submit([id]);
      return record;
    }
    const rows = await this.run(this.claimSql(), [Date.now(), id, ...CLAIMABLE], true);
    return rows[0] && rowToRecord(rows[0]);
  }

  private async claimMany(ids: readonly string[]): Promise<Array<DeliveryRecord | undefined>> {
    const out: Array<DeliveryRecord | undefined> = new Array(ids.length);
    let rest = ids.map((_, i) => i);
    while (rest.length > 0) {
      // a row moves once per statement: a repeated id is claimed again by the next one
      const distinct = new Set<string>();
      const now: number[] = [];
      const later: number[] = [];
      for (const i of rest) {
        if (distinct.has(ids[i])) {
          later.push(i);
        } else {
          distinct.add(ids[i]);
          now.push(i);
        }
      }
      // the same statement as the claims of a transition batch
      const items = [...distinct].map((id) => ({ id, patch: {} }));
      const { sql, params } = batchWriteSql(
        this.table,
        [{ status: 'sending', claim: true, items }],
        Date.now(),
      );
      const rows = await this.run(sql, params, true);
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const i of now) {
        const row = byId.get(ids[i]);
        out[i] = row && rowToRecord(row);
      }
      rest = later;
    }
    return out;
  }

  private claimText?: string;

  /**
   * SQLite's claim statement (one id), built once; PostgreSQL's is the one
   * of the transition batches (`batchWriteSql`). Its parameters are the
   * time, the id, then the statuses it moves from.
   */
  private claimSql(): string {
    if (this.claimText === undefined) {
      const from = CLAIMABLE.map((_, i) => this.p(3 + i)).join(', ');
      this.claimText = `UPDATE ${this.table} SET status = 'sending', attempts = attempts + 1,
       updated_at = ${this.p(1)}, job = NULL
       WHERE id = ${this.p(2)} AND ${statusById()} IN (${from})
       RETURNING ${DELIVERY_COLUMNS}`;
    }
    return this.claimText;
  }

  transition(
    id: string,
    status: DeliveryStatus,
    patch: DeliveryPatch = {},
  ): Promise<DeliveryRecord> {
    const batcher = BATCHED_STATUSES.has(status) ? this.transitionBatcher() : null;
    return batcher ? batcher.submit(id, status, patch) : this.transitionOne(id, status, patch);
  }

  /** Writes the transitions still waiting for their batch; resolves when they are stored. */
  async flush(): Promise<void> {
    await this.batcher?.flush();
  }

  private transitionBatcher(): TransitionBatcher | null {
    if (this.batcher === undefined) {
      const settings = this.options.batchTransitions;
      const postgres = this.dataSource.options.type === 'postgres';
      this.batcher =
        settings === false || !postgres
          ? null
          : new TransitionBatcher(
              (groups) => this.writeBatch(groups),
              async (item) =>
                item.claim
                  ? (await this.claimMany([item.id]))[0]
                  : this.transitionOne(item.id, item.status, item.patch),
              { ...settings, maxRows: Math.min(settings?.maxRows ?? 500, 5000) },
            );
    }
    return this.batcher;
  }

  /** One statement for a batch of claims and transitions of distinct ids: the records it moved, by id. */
  private async writeBatch(
    groups: readonly TransitionGroup[],
  ): Promise<Map<string, DeliveryRecord>> {
    const { sql, params } = batchWriteSql(this.table, groups, Date.now());
    const rows = await this.run(sql, params, true);
    return new Map(rows.map((row) => [row.id, rowToRecord(row)]));
  }

  private async transitionOne(
    id: string,
    status: DeliveryStatus,
    patch: DeliveryPatch,
  ): Promise<DeliveryRecord> {
    const sets = ['status', 'updated_at'];
    const values: unknown[] = [status, Date.now()];
    if (status !== 'queued') {
      // the job is in the queue's hands now: the message body does not stay in the table
      sets.push('job');
      values.push(null);
    }
    for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof DeliveryPatch, string][]) {
      const value = patch[key];
      if (value === undefined) continue;
      sets.push(column);
      values.push(value instanceof Date ? value.getTime() : value);
    }
    const from = predecessorsOf(status);
    const assignments = sets.map((column, i) => `${column} = ${this.p(i + 1)}`).join(', ');
    const n = values.length;
    const rows = await this.run(
      `UPDATE ${this.table} SET ${assignments}
       WHERE id = ${this.p(n + 1)} AND ${statusById()} IN (${from.map((_, i) => this.p(n + 2 + i)).join(', ')})
       RETURNING ${DELIVERY_COLUMNS}`,
      [...values, id, ...from],
      true,
    );
    if (rows.length > 0) return rowToRecord(rows[0]);
    const current = await this.get(id);
    throw new DeliveryStateError(id, status, current?.status);
  }

  async findQueuedJobs(
    query: QueuedJobQuery,
  ): Promise<Array<StoredDeliveryJob & { createdAt: Date }>> {
    const params: unknown[] = [query.before.getTime()];
    let where = `status = 'queued' AND job IS NOT NULL AND created_at < ${this.p(1)}`;
    if (query.after) {
      const at = query.after.createdAt.getTime();
      params.push(at, at, query.after.id);
      where += ` AND (created_at > ${this.p(2)} OR (created_at = ${this.p(3)} AND id > ${this.p(4)}))`;
    }
    const limit = Math.max(1, Math.min(Math.floor(query.limit), 10_000));
    // `status = 'queued'` written out: PostgreSQL matches it to the partial index
    const rows = (await this.run(
      `SELECT id, channel, notification_id, created_at, job FROM ${this.table}
       WHERE ${where} ORDER BY created_at, id LIMIT ${limit}`,
      params,
    )) as unknown as Array<DeliveryRow & { job: string }>;
    const out: Array<StoredDeliveryJob & { createdAt: Date }> = [];
    for (const row of rows) {
      let job: Pick<StoredDeliveryJob, 'backends' | 'message' | 'meta'>;
      try {
        job = JSON.parse(row.job);
      } catch {
        continue; // not written by this store: nothing to enqueue
      }
      if (!Array.isArray(job?.backends)) continue;
      out.push({
        id: row.id,
        channel: row.channel,
        backends: job.backends,
        message: job.message,
        notificationId: row.notification_id ?? undefined,
        meta: job.meta,
        createdAt: new Date(Number(row.created_at)),
      });
    }
    return out;
  }

  async findByProviderMessageId(
    providerMessageId: string,
    channel?: string,
  ): Promise<DeliveryRecord | undefined> {
    const params: unknown[] = [providerMessageId];
    let where = `provider_message_id = ${this.p(1)}`;
    if (channel) {
      params.push(normalizeChannel(channel));
      where += ` AND channel = ${this.p(2)}`;
    }
    const rows = await this.run(
      `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} WHERE ${where}
       ORDER BY created_at DESC LIMIT 1`,
      params,
    );
    return rows[0] && rowToRecord(rows[0]);
  }

  async list(query: DeliveryListQuery = {}): Promise<DeliveryRecord[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 50, 10_000));
    const { where, params } = this.filter(query);
    const rows = await this.run(
      `SELECT ${DELIVERY_COLUMNS} FROM ${this.table}${where}
       ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      params,
    );
    return rows.map(rowToRecord);
  }

  findByStatus(status: DeliveryStatus, limit = 50): Promise<DeliveryRecord[]> {
    return this.list({ status, limit });
  }

  async countByStatus(query: DeliveryCountQuery = {}): Promise<Record<DeliveryStatus, number>> {
    const { where, params } = this.filter({ notificationId: query.notificationId });
    const rows = (await this.run(
      `SELECT status, COUNT(*) AS n FROM ${this.table}${where} GROUP BY status`,
      params,
    )) as unknown as Array<{ status: DeliveryStatus; n: number | string }>;
    const counts = Object.fromEntries(DELIVERY_STATUSES.map((s) => [s, 0])) as Record<
      DeliveryStatus,
      number
    >;
    for (const row of rows) counts[row.status] = Number(row.n);
    return counts;
  }

  async purge(before: Date): Promise<number> {
    const finals = [...FINAL_STATUSES];
    const rows = await this.run(
      `DELETE FROM ${this.table} WHERE updated_at < ${this.p(1)}
       AND status IN (${finals.map((_, i) => this.p(i + 2)).join(', ')}) RETURNING id`,
      [before.getTime(), ...finals],
    );
    return rows.length;
  }

  /** ` WHERE ...` and its parameters for the fields of `query` that are set. */
  private filter(query: Pick<DeliveryListQuery, 'status' | 'notificationId'>): {
    where: string;
    params: unknown[];
  } {
    const conditions: string[] = [];
    const params: unknown[] = [];
    if (query.status) {
      params.push(query.status);
      conditions.push(`status = ${this.p(params.length)}`);
    }
    if (query.notificationId) {
      params.push(query.notificationId);
      conditions.push(`notification_id = ${this.p(params.length)}`);
    }
    return { where: conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '', params };
  }

  /**
   * One statement. On PostgreSQL it runs on the data source's pool past
   * TypeORM's query runner (see `runOnPg`), named when `prepared` (a text
   * that repeats: the worker's claims, reads and transitions) and
   * `preparedStatements` is not `false`.
   */
  private async run(
    query: string,
    params: unknown[] = [],
    prepared = false,
  ): Promise<DeliveryRow[]> {
    const { dataSource, pg } = this.setup();
    if (!pg) return runSql<DeliveryRow>(dataSource, query, params);
    const prepare = prepared && this.options.preparedStatements !== false;
    return (await runOnPg(dataSource, pg, query, params, prepare)).records as DeliveryRow[];
  }
}
