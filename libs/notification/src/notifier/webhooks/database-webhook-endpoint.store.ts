import {
  maxParameters,
  runSql,
  SqlTableStore,
  type DataSourceSource,
} from '../../utils/sql-store.util.js';
import { WEBHOOK_ENDPOINT_TABLE } from './create-webhook-endpoints.migration.js';
import type { StoredWebhookEndpoint, WebhookEndpointFilter } from './webhook-endpoint.js';
import type {
  WebhookEndpointPatch,
  WebhookEndpointStore,
} from './webhook-endpoint-store.protocol.js';

const COLUMNS =
  'id, owner, url, event_types, description, enabled, disabled_reason, consecutive_failures, secrets, created_at, updated_at';

interface Row {
  id: string;
  owner: string;
  url: string;
  event_types: string;
  description: string | null;
  enabled: number | string | boolean;
  disabled_reason: string | null;
  consecutive_failures: number | string;
  secrets: string;
  created_at: number | string;
  updated_at: number | string;
}

const secretsJson = (e: Pick<StoredWebhookEndpoint, 'secrets'>): string =>
  JSON.stringify(
    e.secrets.map((s) => ({ secret: s.secret, expiresAt: s.expiresAt?.getTime() ?? null })),
  );

function toEndpoint(row: Row): StoredWebhookEndpoint {
  const endpoint: StoredWebhookEndpoint = {
    id: row.id,
    owner: row.owner,
    url: row.url,
    eventTypes: JSON.parse(row.event_types) as string[],
    enabled: Number(row.enabled) === 1 || row.enabled === true,
    consecutiveFailures: Number(row.consecutive_failures),
    secrets: (JSON.parse(row.secrets) as Array<{ secret: string; expiresAt: number | null }>).map(
      (s) =>
        s.expiresAt === null
          ? { secret: s.secret }
          : { secret: s.secret, expiresAt: new Date(s.expiresAt) },
    ),
    createdAt: new Date(Number(row.created_at)),
    updatedAt: new Date(Number(row.updated_at)),
  };
  if (row.description !== null) endpoint.description = row.description;
  if (row.disabled_reason !== null) endpoint.disabledReason = row.disabled_reason;
  return endpoint;
}

/**
 * Webhook endpoints in SQL through a TypeORM `DataSource` (SQLite or
 * PostgreSQL), table `herald_webhook_endpoints` from
 * `CreateWebhookEndpoints1736400000000`. Counting a failure and disabling
 * at the threshold is one conditional `UPDATE`, so queue workers sharing
 * the table disable an endpoint once.
 */
export class DatabaseWebhookEndpointStore extends SqlTableStore implements WebhookEndpointStore {
  constructor(source: DataSourceSource) {
    super(source, WEBHOOK_ENDPOINT_TABLE);
  }

  async create(e: StoredWebhookEndpoint): Promise<StoredWebhookEndpoint> {
    const { ds, table, p } = this.sql();
    const [row] = await runSql<Row>(
      ds,
      `INSERT INTO ${table} (${COLUMNS})
       VALUES (${Array.from({ length: 11 }, (_, i) => p(i + 1)).join(', ')}) RETURNING ${COLUMNS}`,
      [
        e.id,
        e.owner,
        e.url,
        JSON.stringify(e.eventTypes),
        e.description ?? null,
        e.enabled ? 1 : 0,
        e.disabledReason ?? null,
        e.consecutiveFailures,
        secretsJson(e),
        e.createdAt.getTime(),
        e.updatedAt.getTime(),
      ],
    );
    return toEndpoint(row);
  }

  async get(id: string): Promise<StoredWebhookEndpoint | undefined> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(ds, `SELECT ${COLUMNS} FROM ${table} WHERE id = ${p(1)}`, [id]);
    return rows[0] && toEndpoint(rows[0]);
  }

  async list(filter: WebhookEndpointFilter = {}): Promise<StoredWebhookEndpoint[]> {
    const { ds, table, p } = this.sql();
    const where: string[] = [];
    const params: unknown[] = [];
    if (filter.owner !== undefined) {
      params.push(filter.owner);
      where.push(`owner = ${p(params.length)}`);
    }
    if (filter.enabled !== undefined) {
      params.push(filter.enabled ? 1 : 0);
      where.push(`enabled = ${p(params.length)}`);
    }
    const rows = await runSql<Row>(
      ds,
      `SELECT ${COLUMNS} FROM ${table}${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY created_at, id`,
      params,
    );
    return rows.map(toEndpoint);
  }

  async listEnabled(owners: readonly string[]): Promise<StoredWebhookEndpoint[]> {
    const { ds, table, p } = this.sql();
    const unique = [...new Set(owners)];
    const slice = maxParameters(ds) - 1;
    const out: StoredWebhookEndpoint[] = [];
    for (let start = 0; start < unique.length; start += slice) {
      const ids = unique.slice(start, start + slice);
      const rows = await runSql<Row>(
        ds,
        `SELECT ${COLUMNS} FROM ${table}
         WHERE owner IN (${ids.map((_, i) => p(i + 1)).join(', ')}) AND enabled = 1
         ORDER BY created_at, id`,
        ids,
      );
      out.push(...rows.map(toEndpoint));
    }
    return out;
  }

  async update(
    id: string,
    patch: WebhookEndpointPatch,
  ): Promise<StoredWebhookEndpoint | undefined> {
    const { ds, table, p } = this.sql();
    const sets: string[] = [];
    const params: unknown[] = [];
    const set = (column: string, value: unknown) => {
      params.push(value);
      sets.push(`${column} = ${p(params.length)}`);
    };
    if (patch.url !== undefined) set('url', patch.url);
    if (patch.eventTypes !== undefined) set('event_types', JSON.stringify(patch.eventTypes));
    if (patch.description !== undefined) set('description', patch.description);
    if (patch.enabled !== undefined) set('enabled', patch.enabled ? 1 : 0);
    if (patch.disabledReason !== undefined) set('disabled_reason', patch.disabledReason);
    if (patch.consecutiveFailures !== undefined)
      set('consecutive_failures', patch.consecutiveFailures);
    if (patch.secrets !== undefined) set('secrets', secretsJson({ secrets: patch.secrets }));
    set('updated_at', Date.now());
    params.push(id);
    const rows = await runSql<Row>(
      ds,
      `UPDATE ${table} SET ${sets.join(', ')} WHERE id = ${p(params.length)} RETURNING ${COLUMNS}`,
      params,
    );
    return rows[0] && toEndpoint(rows[0]);
  }

  async delete(id: string): Promise<boolean> {
    const { ds, table, p } = this.sql();
    const rows = await runSql<{ id: string }>(
      ds,
      `DELETE FROM ${table} WHERE id = ${p(1)} RETURNING id`,
      [id],
    );
    return rows.length > 0;
  }

  async recordFailure(id: string, threshold: number, reason: string) {
    const { ds, table, p } = this.sql();
    const rows = await runSql<Row>(
      ds,
      `UPDATE ${table} SET consecutive_failures = consecutive_failures + 1,
         enabled = CASE WHEN consecutive_failures + 1 >= ${p(1)} THEN 0 ELSE 1 END,
         disabled_reason = CASE WHEN consecutive_failures + 1 >= ${p(2)} THEN ${p(3)} ELSE disabled_reason END,
         updated_at = ${p(4)}
       WHERE id = ${p(5)} AND enabled = 1 RETURNING ${COLUMNS}`,
      [threshold, threshold, reason.slice(0, 255), Date.now(), id],
    );
    if (!rows[0]) return undefined;
    const endpoint = toEndpoint(rows[0]);
    return { endpoint, disabled: !endpoint.enabled };
  }

  async recordSuccess(id: string): Promise<void> {
    const { ds, table, p } = this.sql();
    await runSql(
      ds,
      `UPDATE ${table} SET consecutive_failures = 0 WHERE id = ${p(1)} AND consecutive_failures <> 0`,
      [id],
    );
  }
}
