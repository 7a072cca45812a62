import type { DataSource } from 'typeorm';

/** The quoted table name, schema-qualified when the PostgreSQL data source has a `schema`. */
export function sqlTablePath(dataSource: DataSource, table: string): string {
  const schema = (dataSource.options as { schema?: string }).schema;
  return schema ? `"${schema.replace(/"/g, '""')}"."${table}"` : `"${table}"`;
}

/** `$1, $2` for PostgreSQL, `?` for SQLite. */
export function placeholders(dataSource: DataSource): (index: number) => string {
  return dataSource.options.type === 'postgres' ? (i) => `$${i}` : () => '?';
}

/**
 * Bound parameters one statement may carry: PostgreSQL's wire limit is
 * 65535; SQLite builds may be compiled with 999.
 */
export function maxParameters(dataSource: DataSource): number {
  return dataSource.options.type === 'postgres' ? 65_535 : 999;
}

/** Runs one statement on its own query runner and answers the rows (`RETURNING` rows too). */
export async function runSql<T>(
  dataSource: DataSource,
  query: string,
  params: unknown[] = [],
): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const result = await runner.query(query, params, true);
    return (result.records ?? []) as T[];
  } finally {
    await runner.release();
  }
}

/**
 * The status column as an expression, for the `status IN (...)` check of a
 * statement that finds its rows by id: PostgreSQL then looks them up by
 * primary key alone. Against the bare column, a table without fresh
 * statistics (new, or just filled by a burst) gets a plan that also reads
 * every row of that status from the status index: measured, 4 ms instead of
 * 0.09 ms to move ten rows among 20,000 in `sending`. `alias` qualifies it.
 */
export function statusById(alias?: string): string {
  return `(${alias ? `${alias}.` : ''}status || '')`;
}

/** A `DataSource`, or a getter of one read on first use (one that Nest builds later). */
export type DataSourceSource = DataSource | (() => DataSource);

/** Resolves a `DataSourceSource` once and keeps it. */
export function lazyDataSource(source: DataSourceSource): () => DataSource {
  let resolved: DataSource | undefined;
  return () => (resolved ??= typeof source === 'function' ? source() : source);
}

/** A statement's parts: the data source, the (schema-qualified) table and its placeholders. */
export interface SqlTarget {
  ds: DataSource;
  table: string;
  p: (index: number) => string;
}

/**
 * Base of the stores that keep one table in SQL through a TypeORM
 * `DataSource` (SQLite or PostgreSQL): the data source, resolved on first
 * use, and `sql()` for each statement's table path and placeholders.
 */
export abstract class SqlTableStore {
  protected readonly dataSource: () => DataSource;

  protected constructor(
    source: DataSourceSource,
    private readonly tableName: string,
  ) {
    this.dataSource = lazyDataSource(source);
  }

  protected sql(): SqlTarget {
    const ds = this.dataSource();
    return { ds, table: sqlTablePath(ds, this.tableName), p: placeholders(ds) };
  }
}
