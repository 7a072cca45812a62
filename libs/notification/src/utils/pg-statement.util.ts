import { createHash } from 'node:crypto';
import type { DataSource } from 'typeorm';

/** What a store uses of a pooled `pg` client: its callback form (see `runOnPg`). */
export interface PgClient {
  query(
    config: { name?: string; text: string; values: unknown[] },
    callback: (error: Error | null, result: PgResult) => void,
  ): void;
}

interface PgResult {
  rows: unknown[];
  rowCount: number | null;
}

/** What a store uses of TypeORM's `PostgresDriver`. */
export interface PgDriver {
  obtainMasterConnection(): Promise<[PgClient, () => void]>;
}

/** The data source's PostgreSQL driver, when it has one a store can take pooled connections from. */
export function pgDriverOf(dataSource: DataSource): PgDriver | undefined {
  const driver = dataSource.driver as unknown as Partial<PgDriver>;
  return dataSource.options.type === 'postgres' &&
    typeof driver.obtainMasterConnection === 'function'
    ? (driver as PgDriver)
    : undefined;
}

/** Statement names by SQL text: the same text always gets the same name, in every store. */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `herald_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * One statement on a pooled connection of the data source's master pool,
 * past TypeORM's query runner: named (so PostgreSQL parses and plans it once
 * per connection) when `prepared`, which only pays for a text that repeats.
 * Logged through the data source's logger like a runner query (slow ones
 * too, past `maxQueryExecutionTime`); a failure is a TypeORM `QueryFailedError`.
 *
 * It calls pg's callback form, not the promise `client.query(config)` returns
 * without one: with pg 8 the rows of a promised query outlived the next
 * young-generation collections (every `Result` survived them), which made each
 * of those collections take 8-12 ms instead of under 1 ms on a 51-row page,
 * and so set the p99 of `getInbox()` (docs/benchmarks.md, "What the
 * PostgreSQL figures also measured").
 */
export async function runOnPg(
  dataSource: DataSource,
  pg: PgDriver,
  text: string,
  params: unknown[],
  prepared: boolean,
): Promise<{ records: unknown[]; affected?: number }> {
  const { logger } = dataSource;
  const [client, release] = await pg.obtainMasterConnection();
  try {
    logger.logQuery(text, params);
    const started = Date.now();
    const config = prepared
      ? { name: statementName(text), text, values: params }
      : { text, values: params };
    const result = await new Promise<PgResult>((resolve, reject) =>
      client.query(config, (error, answer) => (error ? reject(error) : resolve(answer))),
    );
    const slow = (dataSource.options as { maxQueryExecutionTime?: number }).maxQueryExecutionTime;
    if (slow && Date.now() - started > slow)
      logger.logQuerySlow(Date.now() - started, text, params);
    return { records: result.rows, affected: result.rowCount ?? undefined };
  } catch (error) {
    logger.logQueryError(error as Error, text, params);
    // typeorm is installed whenever this path runs (the data source is TypeORM's)
    const { QueryFailedError } = await import('typeorm');
    throw new QueryFailedError(text, params, error as Error);
  } finally {
    release();
  }
}
