import { createHash } from 'node:crypto';
import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import type {
  DeviceToken,
  DeviceTokenFilter,
  DeviceTokenRegistration,
  DevicePlatform,
} from './device-token.js';
import { DEVICE_TOKEN_TABLE } from './device-token.entity.js';
import type { DeviceTokenStore } from './device-token-store.protocol.js';
import { refuseDeviceTokenControls, refuseUserIdControls } from './device-token-text.util.js';

const COLUMNS = 'token, user_id, platform, app, created_at, updated_at, dead_at, dead_reason';

interface Row {
  token: string;
  user_id: string;
  platform: DevicePlatform;
  app: string | null;
  created_at: number | string;
  updated_at: number | string;
  dead_at: number | string | null;
  dead_reason: string | null;
}

const idOf = (token: string): string => createHash('sha256').update(token).digest('hex');

function toToken(row: Row): DeviceToken {
  const token: DeviceToken = {
    token: row.token,
    userId: row.user_id,
    platform: row.platform,
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
  if (row.app !== null) token.app = row.app;
  if (row.dead_at !== null) token.deadAt = new Date(Number(row.dead_at));
  if (row.dead_reason !== null) token.deadReason = row.dead_reason;
  return token;
}

/**
 * Device tokens in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_device_tokens` from
 * `CreateDeviceTokens1734200000001`. Registration is one upsert
 * (`ON CONFLICT DO UPDATE`), marking dead one conditional `UPDATE`, so
 * processes sharing the table (queue workers) agree on every token.
 */
export class DatabaseDeviceTokenStore extends SqlTableStore implements DeviceTokenStore {
  constructor(source: DataSourceSource) {
    super(source, DEVICE_TOKEN_TABLE);
  }

  async register(registration: DeviceTokenRegistration): Promise<DeviceToken> {
    refuseDeviceTokenControls({
      token: registration.token,
      userId: registration.userId,
      app: registration.app,
    });
    const { ds, table, p } = this.sql();
    const now = Date.now();
    const [row] = await runSql<Row>(
      ds,
      `INSERT INTO ${table} (id, ${COLUMNS})
       VALUES (${p(1)}, ${p(2)}, ${p(3)}, ${p(4)}, ${p(5)}, ${p(6)}, ${p(7)}, NULL, NULL)
       ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, platform = excluded.platform,
         app = excluded.app, updated_at = excluded.updated_at, dead_at = NULL, dead_reason = NULL
       RETURNING ${COLUMNS}`,
      [
        idOf(registration.token),
        registration.token,
        registration.userId,
        registration.platform,
        registration.app ?? null,
        now,
        now,
      ],
    );
    return toToken(row);
  }

  async unregister(token: string, userId?: string): Promise<DeviceToken | undefined> {
    refuseDeviceTokenControls({ userId });
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `DELETE FROM ${table} WHERE id = ${p(1)}${userId === undefined ? '' : ` AND user_id = ${p(2)}`}
       RETURNING ${COLUMNS}`,
      userId === undefined ? [idOf(token)] : [idOf(token), userId],
    );
    return rows[0] && toToken(rows[0]);
  }

  async get(token: string): Promise<DeviceToken | undefined> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(ds, `SELECT ${COLUMNS} FROM ${table} WHERE id = ${p(1)}`, [
      idOf(token),
    ]);
    return rows[0] && toToken(rows[0]);
  }

  async listLive(
    userIds: readonly string[],
    filter: DeviceTokenFilter = {},
  ): Promise<DeviceToken[]> {
    refuseUserIdControls(userIds);
    refuseDeviceTokenControls({ app: filter.app });
    const { ds, table, p } = this.sql();
    const unique = [...new Set(userIds)];
    const slice = maxParameters(ds) - 2;
    const out: DeviceToken[] = [];
    for (let start = 0; start < unique.length; start += slice) {
      const ids = unique.slice(start, start + slice);
      const params: unknown[] = [...ids];
      let where = `user_id IN (${ids.map((_, i) => p(i + 1)).join(', ')}) AND dead_at IS NULL`;
      if (filter.platform) {
        params.push(filter.platform);
        where += ` AND platform = ${p(params.length)}`;
      }
      if (filter.app) {
        params.push(filter.app);
        where += ` AND app = ${p(params.length)}`;
      }
      const rows = await runSql<Row>(
        ds,
        `SELECT ${COLUMNS} FROM ${table} WHERE ${where} ORDER BY created_at, id`,
        params,
      );
      out.push(...rows.map(toToken));
    }
    return out;
  }

  async markDead(token: string, reason: string): Promise<DeviceToken | undefined> {
    refuseDeviceTokenControls({ reason });
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `UPDATE ${table} SET dead_at = ${p(1)}, dead_reason = ${p(2)}
       WHERE id = ${p(3)} AND dead_at IS NULL RETURNING ${COLUMNS}`,
      [Date.now(), reason.slice(0, 255), idOf(token)],
    );
    return rows[0] && toToken(rows[0]);
  }

  async purgeDead(before: Date): Promise<number> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ id: string }>(
      ds,
      `DELETE FROM ${table} WHERE dead_at IS NOT NULL AND dead_at < ${p(1)} RETURNING id`,
      [before.getTime()],
    );
    return rows.length;
  }
}
