import type { DataSource } from 'typeorm';
import { HeraldError } from '@herald/contracts';
import {
  DELIVERY_STATUSES,
  FINAL_STATUSES,
  predecessorsOf,
  type DeliveryPatch,
  type DeliveryRecord,
  type DeliveryStatus,
} from '../records/delivery-record';
import { DeliveryStateError } from '../records/delivery-state.error';
import {
  DELIVERY_COLUMNS,
  deliveryTablePath,
  placeholders,
  rowToRecord,
  type DeliveryRow,
} from './delivery-sql.util';
import type {
  DeliveryListQuery,
  DeliveryStore,
  NewDeliveryRecord,
} from './delivery-store.protocol';

const PATCH_COLUMNS: Record<keyof DeliveryPatch, string> = {
  backend: 'backend',
  attempts: 'attempts',
  lastError: 'last_error',
  providerMessageId: 'provider_message_id',
  sentAt: 'sent_at',
};

/**
 * Delivery records in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_delivery_records` from
 * `CreateDeliveryRecords1732400000000`. Creation is `INSERT ... ON CONFLICT
 * DO NOTHING` and every status change one conditional `UPDATE ... WHERE
 * status IN (allowed predecessors)`, so processes sharing the table (queue
 * workers) never apply a forbidden transition.
 */
export class DatabaseDeliveryStore implements DeliveryStore {
  private resolved?: { dataSource: DataSource; table: string; p: (index: number) => string };

  /** `source` may be a getter, read on first use (a DataSource that Nest builds later). */
  constructor(private readonly source: DataSource | (() => DataSource)) {}

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
      };
    }
    return this.resolved;
  }

  async create(input: NewDeliveryRecord): Promise<{ record: DeliveryRecord; created: boolean }> {
    const now = (input.createdAt ?? new Date()).getTime();
    const values = [
      input.id,
      input.channel,
      input.backend,
      input.recipient,
      input.status ?? 'queued',
      0,
      input.idempotencyKey ?? null,
      now,
      now,
    ];
    const rows = await this.run(
      `INSERT INTO ${this.table} (id, channel, backend, recipient, status, attempts, idempotency_key, created_at, updated_at)
       VALUES (${values.map((_, i) => this.p(i + 1)).join(', ')})
       ON CONFLICT (id) DO NOTHING RETURNING ${DELIVERY_COLUMNS}`,
      values,
    );
    if (rows.length > 0) return { record: rowToRecord(rows[0]), created: true };
    const existing = await this.get(input.id);
    if (!existing) {
      throw new HeraldError(
        `delivery record "${input.id}" already exists but could not be read back (deleted meanwhile?); send again with the same idempotency key`,
        { code: 'HERALD_DELIVERY_RECORD_CONFLICT' },
      );
    }
    return { record: existing, created: false };
  }

  async get(id: string): Promise<DeliveryRecord | undefined> {
    const rows = await this.run(
      `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} WHERE id = ${this.p(1)}`,
      [id],
    );
    return rows[0] && rowToRecord(rows[0]);
  }

  async transition(
    id: string,
    status: DeliveryStatus,
    patch: DeliveryPatch = {},
  ): Promise<DeliveryRecord> {
    const sets = ['status', 'updated_at'];
    const values: unknown[] = [status, Date.now()];
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
       WHERE id = ${this.p(n + 1)} AND status IN (${from.map((_, i) => this.p(n + 2 + i)).join(', ')})
       RETURNING ${DELIVERY_COLUMNS}`,
      [...values, id, ...from],
    );
    if (rows.length > 0) return rowToRecord(rows[0]);
    const current = await this.get(id);
    throw new DeliveryStateError(id, status, current?.status);
  }

  async list(query: DeliveryListQuery = {}): Promise<DeliveryRecord[]> {
    const limit = Math.max(1, Math.min(query.limit ?? 50, 10_000));
    const rows = query.status
      ? await this.run(
          `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} WHERE status = ${this.p(1)}
           ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
          [query.status],
        )
      : await this.run(
          `SELECT ${DELIVERY_COLUMNS} FROM ${this.table} ORDER BY created_at DESC, id DESC LIMIT ${limit}`,
        );
    return rows.map(rowToRecord);
  }

  findByStatus(status: DeliveryStatus, limit = 50): Promise<DeliveryRecord[]> {
    return this.list({ status, limit });
  }

  async countByStatus(): Promise<Record<DeliveryStatus, number>> {
    const rows = (await this.run(
      `SELECT status, COUNT(*) AS n FROM ${this.table} GROUP BY status`,
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

  private async run(query: string, params: unknown[] = []): Promise<DeliveryRow[]> {
    const runner = this.dataSource.createQueryRunner();
    try {
      const result = await runner.query(query, params, true);
      return (result.records ?? []) as DeliveryRow[];
    } finally {
      await runner.release();
    }
  }
}
