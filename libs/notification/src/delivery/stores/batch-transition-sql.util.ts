import {
  predecessorsOf,
  type DeliveryPatch,
  type DeliveryStatus,
} from '../records/delivery-record.js';
import {
  DELIVERY_COLUMNS,
  DELIVERY_PG_TYPES,
  PATCH_COLUMNS,
  statusById,
} from './delivery-sql.util.js';
import type { TransitionGroup } from './transition-batcher.js';

const PATCH_KEYS = Object.keys(PATCH_COLUMNS) as Array<keyof DeliveryPatch>;

const RETURNING = DELIVERY_COLUMNS.split(', ')
  .map((column) => `d.${column}`)
  .join(', ');

/** Statement texts by table and the shape of each group: the same batch shape is the same text. */
const texts = new Map<string, string>();

/** The patch fields a group sets (every item of a group sets the same ones). */
function fieldsOf(group: TransitionGroup): Array<keyof DeliveryPatch> {
  return group.claim ? [] : PATCH_KEYS.filter((key) => group.items[0].patch[key] !== undefined);
}

/**
 * One PostgreSQL statement writing a batch of a queue worker's claims and
 * transitions, one part per group (`TransitionGroup`; distinct ids across
 * the groups), answering the rows it moved:
 * - claims: `UPDATE t SET status = 'sending', attempts = attempts + 1 ...
 *   WHERE id = ANY($ids) AND (status || '') IN (claimable) RETURNING ...`;
 * - transitions to a status: `UPDATE t d SET ... FROM unnest($ids, $field,
 *   ...) v(id, field, ...) WHERE d.id = ANY($ids) AND d.id = v.id AND
 *   (d.status || '') IN (allowed predecessors) RETURNING ...`.
 * Several parts become data-modifying CTEs of one statement (`WITH g0 AS
 * (UPDATE ...), g1 AS (...) SELECT * FROM g0 UNION ALL ...`): one round
 * trip and one commit for the claims and the `sent` rows of the moment.
 * Rows in another status are left alone and not returned, as the single-row
 * UPDATE does. Each field travels as one array, so the text depends only on
 * the groups' kinds and fields, whatever the number of rows: it can be
 * prepared once. The rows are found by primary key alone (see `statusById`;
 * `id = ANY` keeps the planner from a sequential scan joined to the list on
 * a table without statistics).
 */
export function batchWriteSql(
  table: string,
  groups: readonly TransitionGroup[],
  now: number,
): { sql: string; params: unknown[] } {
  // $1 is the time; then each group's parameters, in order
  const params: unknown[] = [now];
  const firsts: number[] = [];
  const shapes: string[] = [];
  for (const group of groups) {
    const fields = fieldsOf(group);
    firsts.push(params.length + 1);
    if (!group.claim) params.push(group.status);
    params.push(
      ...predecessorsOf(group.status),
      group.items.map((item) => item.id),
    );
    for (const key of fields)
      params.push(
        group.items.map((item) => {
          const value = item.patch[key];
          return value instanceof Date ? value.getTime() : (value ?? null);
        }),
      );
    shapes.push(group.claim ? 'claim' : `${group.status}:${fields.join(',')}`);
  }
  const shape = `${table}\u0000${shapes.join('\u0000')}`;
  let sql = texts.get(shape);
  if (sql === undefined) {
    // built once per shape: the parameters' places follow from the shape
    const parts = groups.map((group, i) => {
      const from = predecessorsOf(group.status).length;
      return group.claim
        ? claimPart(table, firsts[i], from)
        : transitionPart(table, group.status, fieldsOf(group), firsts[i], from);
    });
    sql =
      parts.length === 1
        ? parts[0]
        : `WITH ${parts.map((part, i) => `g${i} AS (${part})`).join(', ')}
      ${parts.map((_, i) => `SELECT * FROM g${i}`).join(' UNION ALL ')}`;
    texts.set(shape, sql);
  }
  return { sql, params };
}

/** Claims: parameters from `first`: the statuses claimed from, then the ids. */
function claimPart(table: string, first: number, from: number): string {
  const allowed = Array.from({ length: from }, (_, i) => `$${first + i}`).join(', ');
  return `UPDATE ${table} SET status = 'sending', attempts = attempts + 1, updated_at = $1, job = NULL
      WHERE id = ANY($${first + from}::varchar[]) AND ${statusById()} IN (${allowed})
      RETURNING ${DELIVERY_COLUMNS}`;
}

/** Transitions: parameters from `first`: the status, its predecessors, the ids, then one array per field. */
function transitionPart(
  table: string,
  status: DeliveryStatus,
  fields: ReadonlyArray<keyof DeliveryPatch>,
  first: number,
  from: number,
): string {
  const ids = `$${first + 1 + from}`;
  const sets = [`status = $${first}`, 'updated_at = $1'];
  // the job is in the queue's hands now: the message body does not stay in the table
  if (status !== 'queued') sets.push('job = NULL');
  const arrays = [`${ids}::varchar[]`];
  for (const [i, key] of fields.entries()) {
    const column = PATCH_COLUMNS[key];
    sets.push(`${column} = v.${column}`);
    arrays.push(`$${first + 2 + from + i}::${DELIVERY_PG_TYPES[column]}[]`);
  }
  const columns = ['id', ...fields.map((key) => PATCH_COLUMNS[key])].join(', ');
  const allowed = Array.from({ length: from }, (_, i) => `$${first + 1 + i}`).join(', ');
  return `UPDATE ${table} AS d SET ${sets.join(', ')}
      FROM unnest(${arrays.join(', ')}) AS v(${columns})
      WHERE d.id = ANY(${ids}::varchar[]) AND d.id = v.id AND ${statusById('d')} IN (${allowed})
      RETURNING ${RETURNING}`;
}
