import {
  predecessorsOf,
  type DeliveryPatch,
  type DeliveryStatus,
} from '../records/delivery-record.js';
import { DELIVERY_COLUMNS, statusById } from './delivery-sql.util.js';
import type { BatchedTransition } from './transition-batcher.js';

/** Each patch field's column and its PostgreSQL type (each field arrives as an array of it). */
const PATCH_SQL: Record<keyof DeliveryPatch, { column: string; type: string }> = {
  backend: { column: 'backend', type: 'varchar' },
  attempts: { column: 'attempts', type: 'integer' },
  lastError: { column: 'last_error', type: 'text' },
  providerMessageId: { column: 'provider_message_id', type: 'varchar' },
  sentAt: { column: 'sent_at', type: 'bigint' },
  providerStatusAt: { column: 'provider_status_at', type: 'bigint' },
  providerReason: { column: 'provider_reason', type: 'text' },
};
const PATCH_KEYS = Object.keys(PATCH_SQL) as Array<keyof DeliveryPatch>;

const RETURNING = DELIVERY_COLUMNS.split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

/** Statement texts by table, status and patch fields: the same batch shape is the same text. */
const texts = new Map<string, string>();

/**
 * One PostgreSQL statement moving every row of `items` (distinct ids, the
 * same status and patch fields) to `status`:
 * `UPDATE t d SET ... FROM unnest($ids, $field, ...) v(id, field, ...) WHERE
 * d.id = ANY($ids) AND d.id = v.id AND (d.status || '') IN (allowed
 * predecessors) RETURNING ...`. Rows in another status are left alone and
 * not returned, as the single-row UPDATE does. Each field travels as one
 * array, so the text depends only on the status and the fields, whatever
 * the number of rows: it can be prepared once. The rows are found by primary
 * key alone (see `statusById`; `d.id = ANY` keeps the planner from a
 * sequential scan joined to the list on a table without statistics).
 */
export function batchTransitionSql(
  table: string,
  status: DeliveryStatus,
  items: readonly BatchedTransition[],
  now: number,
): { sql: string; params: unknown[] } {
  const fields = PATCH_KEYS.filter((key) => items[0].patch[key] !== undefined);
  const from = predecessorsOf(status);
  const params: unknown[] = [status, now, ...from, items.map((item) => item.id)];
  for (const key of fields)
    params.push(
      items.map((item) => {
        const value = item.patch[key];
        return value instanceof Date ? value.getTime() : (value ?? null);
      }),
    );
  const shape = `${table}\u0000${status}\u0000${fields.join(',')}`;
  let sql = texts.get(shape);
  if (sql === undefined) {
    const ids = `$${from.length + 3}`;
    const sets = ['status = $1', 'updated_at = $2'];
    // the job is in the queue's hands now: the message body does not stay in the table
    if (status !== 'queued') sets.push('job = NULL');
    const arrays = [`${ids}::varchar[]`];
    for (const [i, key] of fields.entries()) {
      const { column, type } = PATCH_SQL[key];
      sets.push(`${column} = v.${column}`);
      arrays.push(`$${from.length + 4 + i}::${type}[]`);
    }
    const columns = ['id', ...fields.map((key) => PATCH_SQL[key].column)].join(', ');
    const allowed = from.map((_, i) => `$${i + 3}`).join(', ');
    sql = `UPDATE ${table} AS d SET ${sets.join(', ')}
      FROM unnest(${arrays.join(', ')}) AS v(${columns})
      WHERE d.id = ANY(${ids}::varchar[]) AND d.id = v.id AND ${statusById('d')} IN (${allowed})
      RETURNING ${RETURNING}`;
    texts.set(shape, sql);
  }
  return { sql, params };
}
