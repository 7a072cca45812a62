import {
  predecessorsOf,
  type DeliveryPatch,
  type DeliveryStatus,
} from '../records/delivery-record.js';
import { DELIVERY_COLUMNS, statusById } from './delivery-sql.util.js';
import type { BatchedTransition } from './transition-batcher.js';

/** Each patch field's column and its PostgreSQL type (the VALUES list carries text). */
const PATCH_SQL: Record<keyof DeliveryPatch, { column: string; type: string }> = {
  backend: { column: 'backend', type: 'varchar' },
  attempts: { column: 'attempts', type: 'integer' },
  lastError: { column: 'last_error', type: 'text' },
  providerMessageId: { column: 'provider_message_id', type: 'varchar' },
  sentAt: { column: 'sent_at', type: 'bigint' },
  providerStatusAt: { column: 'provider_status_at', type: 'bigint' },
  providerReason: { column: 'provider_reason', type: 'text' },
};

const RETURNING = DELIVERY_COLUMNS.split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

/**
 * One PostgreSQL statement moving every row of `items` (distinct ids, the
 * same status and patch fields) to `status`:
 * `UPDATE t d SET ... FROM (VALUES (id, field, ...), ...) v WHERE d.id =
 * ANY(ids) AND d.id = v.id AND (d.status || '') IN (allowed predecessors)
 * RETURNING ...`. Rows in another status are left alone and not returned, as
 * the single-row UPDATE does. The rows are found by primary key alone (see
 * `statusById`): without the ids as an array, a table without statistics
 * gets a sequential scan joined to the list.
 */
export function batchTransitionSql(
  table: string,
  status: DeliveryStatus,
  items: readonly BatchedTransition[],
  now: number,
): { sql: string; params: unknown[] } {
  const fields = (Object.keys(PATCH_SQL) as Array<keyof DeliveryPatch>).filter(
    (key) => items[0].patch[key] !== undefined,
  );
  const from = predecessorsOf(status);
  const params: unknown[] = [status, now, ...from];
  const sets = ['status = $1', 'updated_at = $2'];
  // the job is in the queue's hands now: the message body does not stay in the table
  if (status !== 'queued') sets.push('job = NULL');
  for (const key of fields) {
    const { column, type } = PATCH_SQL[key];
    sets.push(`${column} = v.${column}::${type}`);
  }
  const width = fields.length + 1;
  const tuples: string[] = [];
  for (const item of items) {
    const at = params.length;
    params.push(item.id);
    for (const key of fields) {
      const value = item.patch[key];
      params.push(value instanceof Date ? String(value.getTime()) : String(value));
    }
    const row = Array.from({ length: width }, (_, i) => `$${at + i + 1}::text`);
    tuples.push(`(${row.join(', ')})`);
  }
  const columns = ['id', ...fields.map((key) => PATCH_SQL[key].column)].join(', ');
  const allowed = from.map((_, i) => `$${i + 3}`).join(', ');
  // the ids again, as an array: the rows are found by primary key whatever the statistics say
  params.push(items.map((item) => item.id));
  const ids = `$${params.length}::varchar[]`;
  return {
    sql: `UPDATE ${table} AS d SET ${sets.join(', ')}
      FROM (VALUES ${tuples.join(', ')}) AS v(${columns})
      WHERE d.id = ANY(${ids}) AND d.id = v.id AND ${statusById('d')} IN (${allowed})
      RETURNING ${RETURNING}`,
    params,
  };
}
