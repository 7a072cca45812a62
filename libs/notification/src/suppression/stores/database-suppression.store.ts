import { createHash } from 'node:crypto';
import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type {
  SuppressionChannel,
  SuppressionEntry,
  SuppressionListQuery,
  SuppressionPage,
  SuppressionProbe,
  SuppressionReason,
} from '../suppression-entry.js';
import type { SuppressionStore } from '../suppression-store.protocol.js';
import { SUPPRESSION_TABLE } from './suppression.entity.js';
import { refuseSuppressionControls, refuseUnsafePage } from './suppression-store-input.util.js';

const COLUMNS = 'id, channel, address, category, reason, source, created_at';

interface Row {
  id: string;
  channel: SuppressionChannel;
  address: string;
  category: string;
  reason: SuppressionReason;
  source: string;
  created_at: number | string;
}

const hashOf = (address: string): string => createHash('sha256').update(address).digest('hex');

function toEntry(row: Row): SuppressionEntry {
  return {
    id: row.id,
    channel: row.channel,
    address: row.address,
    category: row.category === '' ? null : row.category,
    reason: row.reason,
    source: row.source,
    createdAt: new Date(Number(row.created_at)),
  };
}

/**
 * Suppression entries in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_suppressions` from
 * `CreateSuppressions1735400000000`. Adding is one
 * `INSERT ... ON CONFLICT DO NOTHING`; the check before a send is one
 * query for a whole batch of addresses.
 */
export class DatabaseSuppressionStore extends SqlTableStore implements SuppressionStore {
  constructor(source: DataSourceSource) {
    super(source, SUPPRESSION_TABLE);
  }

  async add(entry: SuppressionEntry): Promise<{ entry: SuppressionEntry; created: boolean }> {
    const { address, category, source } = entry;
    refuseSuppressionControls({ address, category, source });
    const { ds, table, p } = this.sql();
    const inserted = await runSql<Row>(
      ds,
      `INSERT INTO ${table} (${COLUMNS}, address_hash)
       VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, ${p(8)})
       ON CONFLICT (id) DO NOTHING RETURNING ${COLUMNS}`,
      [
        entry.id,
        entry.channel,
        entry.address,
        entry.category ?? '',
        entry.reason,
        entry.source.slice(0, 255),
        entry.createdAt.getTime(),
        hashOf(entry.address),
      ],
    );
    if (inserted[0]) return { entry: toEntry(inserted[0]), created: true };
    const [existing] = await runSql<Row>(ds, `SELECT ${COLUMNS} FROM ${table} WHERE id = ${p(1)}`, [
      entry.id,
    ]);
    return { entry: existing ? toEntry(existing) : entry, created: false };
  }

  async remove(ids: readonly string[]): Promise<SuppressionEntry[]> {
    if (ids.length === 0) return [];
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `DELETE FROM ${table} WHERE id IN (${ids.map((_, i) => p(i + 1)).join(', ')})
       RETURNING ${COLUMNS}`,
      [...ids],
    );
    return rows.map(toEntry);
  }

  async find(channel: string, address: string, reason?: string): Promise<SuppressionEntry[]> {
    refuseSuppressionControls({ address });
    const { ds, table, p } = this.sql();
    const params: unknown[] = [channel, hashOf(address)];
    let where = `channel = ${p(1)} AND address_hash = ${p(2)}`;
    if (reason !== undefined) {
      params.push(reason);
      where += ` AND reason = ${p(3)}`;
    }
    const rows = await runSql<Row>(
      ds,
      `SELECT ${COLUMNS} FROM ${table} WHERE ${where} ORDER BY created_at, id`,
      params,
    );
    return rows.map(toEntry);
  }

  async findMatches(
    probes: readonly SuppressionProbe[],
  ): Promise<Array<SuppressionEntry | undefined>> {
    const { ds, table, p } = this.sql();
    const keys = [...new Set(probes.map((x) => `${x.channel}\u0000${hashOf(x.address)}`))];
    const found = new Map<string, SuppressionEntry[]>();
    const slice = Math.floor((maxParameters(ds) - 1) / 2);
    for (let start = 0; start < keys.length; start += slice) {
      const part = keys.slice(start, start + slice);
      const params: unknown[] = [];
      const pairs = part.map((key) => {
        const [channel, hash] = key.split('\u0000');
        params.push(channel, hash);
        return `(channel = ${p(params.length - 1)} AND address_hash = ${p(params.length)})`;
      });
      const rows = await runSql<Row & { address_hash: string }>(
        ds,
        `SELECT ${COLUMNS}, address_hash FROM ${table} WHERE ${pairs.join(' OR ')}`,
        params,
      );
      for (const row of rows) {
        const key = `${row.channel}\u0000${row.address_hash}`;
        const list = found.get(key);
        if (list) list.push(toEntry(row));
        else found.set(key, [toEntry(row)]);
      }
    }
    return probes.map((x) =>
      found
        .get(`${x.channel}\u0000${hashOf(x.address)}`)
        ?.find(
          (e) =>
            e.address === x.address && (e.category === null || e.category === (x.category ?? null)),
        ),
    );
  }

  async list(
    query: Required<Pick<SuppressionListQuery, 'limit' | 'offset'>> & SuppressionListQuery,
  ): Promise<SuppressionPage> {
    refuseSuppressionControls({ address: query.address });
    refuseUnsafePage(query.limit, query.offset);
    const { ds, table, p } = this.sql();
    const params: unknown[] = [];
    const where: string[] = [];
    if (query.channel !== undefined) {
      params.push(query.channel);
      where.push(`channel = ${p(params.length)}`);
    }
    if (query.address !== undefined) {
      params.push(hashOf(query.address));
      where.push(`address_hash = ${p(params.length)}`);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const [count] = await runSql<{ n: number | string }>(
      ds,
      `SELECT COUNT(*) AS n FROM ${table} ${clause}`,
      params,
    );
    const rows = await runSql<Row>(
      ds,
      `SELECT ${COLUMNS} FROM ${table} ${clause} ORDER BY created_at DESC, id
       LIMIT ${p(params.length + 1)} OFFSET ${p(params.length + 2)}`,
      [...params, query.limit, query.offset],
    );
    return {
      entries: rows.map(toEntry),
      total: Number(count?.n ?? 0),
      limit: query.limit,
      offset: query.offset,
    };
  }
}
