import { HeraldError } from '@herald/contracts';
import { WriteCoalescer } from '../../utils/write-coalescer.util.js';
import {
  maxParameters,
  runSql,
  statusById,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type {
  NewNotificationRecord,
  NotificationListQuery,
  NotificationPatch,
  NotificationRecord,
  NotificationStatus,
} from './notification-record.js';
import { NOTIFICATION_TABLE } from './notification-record.entity.js';
import type { NotificationStore } from './notification-store.protocol.js';

const COLUMNS =
  'id, type, category, critical, status, recipients, deliveries, idempotency_key, send_at, created_at, updated_at';

interface Row {
  id: string;
  type: string;
  category: string;
  critical: number | string | boolean;
  status: NotificationStatus;
  recipients: number | string;
  deliveries: number | string;
  idempotency_key: string | null;
  send_at: number | string | null;
  created_at: number | string;
  updated_at: number | string;
}

function toRecord(row: Row): NotificationRecord {
  const record: NotificationRecord = {
    id: row.id,
    type: row.type,
    category: row.category,
    critical: Number(row.critical) === 1,
    status: row.status,
    recipients: Number(row.recipients),
    deliveries: Number(row.deliveries),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
  if (row.idempotency_key !== null) record.idempotencyKey = row.idempotency_key;
  if (row.send_at !== null) record.sendAt = new Date(Number(row.send_at));
  return record;
}

/**
 * Notification records in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_notifications` from
 * `CreateNotifications1734200000002`. Creation is `INSERT ... ON CONFLICT DO
 * NOTHING` (concurrent creations share one multi-row statement), each status
 * change one conditional `UPDATE`.
 */
export class DatabaseNotificationStore extends SqlTableStore implements NotificationStore {
  private readonly inserts = new WriteCoalescer<
    NewNotificationRecord,
    { record: NotificationRecord; created: boolean } | undefined
  >((inputs) => this.insertMany(inputs), 1000);

  constructor(source: DataSourceSource) {
    super(source, NOTIFICATION_TABLE);
  }

  /** What concurrent callers create in the same turn of the event loop goes in one INSERT. */
  async create(
    input: NewNotificationRecord,
  ): Promise<{ record: NotificationRecord; created: boolean }> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const [result] = await this.inserts.submit([input]);
      if (result) return result; // else: deleted between the INSERT and the read, try again
    }
    throw new HeraldError(
      `notification record "${input.id}" exists but cannot be read back; check the table's schema and try again`,
      { code: 'HERALD_NOTIFICATION_RECORD_CONFLICT' },
    );
  }

  private async insertMany(
    inputs: NewNotificationRecord[],
  ): Promise<Array<{ record: NotificationRecord; created: boolean } | undefined>> {
    const { ds, table, p } = this.sql();
    const now = Date.now();
    const width = 11;
    const perStatement = Math.floor(maxParameters(ds) / width);
    const inserted = new Set<string>();
    for (let start = 0; start < inputs.length; start += perStatement) {
      const chunk = inputs.slice(start, start + perStatement);
      const values = chunk.flatMap((input) => [
        input.id,
        input.type,
        input.category,
        input.critical ? 1 : 0,
        input.status,
        input.recipients,
        input.deliveries,
        input.idempotencyKey ?? null,
        input.sendAt?.getTime() ?? null,
        now,
        now,
      ]);
      const tuples = chunk.map(
        (_, r) => `(${Array.from({ length: width }, (__, c) => p(r * width + c + 1)).join(', ')})`,
      );
      const rows = await runSql<{ id: string }>(
        ds,
        `INSERT INTO ${table} (${COLUMNS}) VALUES ${tuples.join(', ')}
         ON CONFLICT (id) DO NOTHING RETURNING id`,
        values,
      );
      for (const row of rows) inserted.add(row.id);
    }
    const out: Array<{ record: NotificationRecord; created: boolean } | undefined> = [];
    for (const input of inputs) {
      if (inserted.delete(input.id)) {
        out.push({
          record: { ...input, createdAt: new Date(now), updatedAt: new Date(now) },
          created: true,
        });
        continue;
      }
      const existing = await this.get(input.id);
      out.push(existing && { record: existing, created: false });
    }
    return out;
  }

  async get(id: string): Promise<NotificationRecord | undefined> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(ds, `SELECT ${COLUMNS} FROM ${table} WHERE id = ${p(1)}`, [id]);
    return rows[0] && toRecord(rows[0]);
  }

  async transition(
    id: string,
    from: readonly NotificationStatus[],
    to: NotificationStatus,
    patch: NotificationPatch = {},
  ): Promise<NotificationRecord | undefined> {
    if (from.length === 0) return undefined;
    const { ds, table, p } = this.sql();
    const params: unknown[] = [to, Date.now()];
    let sets = `status = ${p(1)}, updated_at = ${p(2)}`;
    if (patch.deliveries !== undefined) {
      params.push(patch.deliveries);
      sets += `, deliveries = ${p(params.length)}`;
    }
    params.push(id);
    const idAt = params.length;
    const rows = await runSql<Row>(
      ds,
      `UPDATE ${table} SET ${sets} WHERE id = ${p(idAt)}
       AND ${statusById()} IN (${from.map((_, i) => p(idAt + 1 + i)).join(', ')}) RETURNING ${COLUMNS}`,
      [...params, ...from],
    );
    return rows[0] && toRecord(rows[0]);
  }

  async list(query: NotificationListQuery = {}): Promise<NotificationRecord[]> {
    const { ds, table, p } = this.sql();
    const limit = Math.max(1, Math.min(query.limit ?? 50, 10_000));
    const rows = await runSql<Row>(
      ds,
      `SELECT ${COLUMNS} FROM ${table}${query.status ? ` WHERE status = ${p(1)}` : ''}
       ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
      query.status ? [query.status] : [],
    );
    return rows.map(toRecord);
  }

  async purge(before: Date): Promise<number> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ id: string }>(
      ds,
      `DELETE FROM ${table} WHERE status IN ('dispatched', 'cancelled') AND updated_at < ${p(1)}
       RETURNING id`,
      [before.getTime()],
    );
    return rows.length;
  }
}
