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

/** A `DataSource`, or a getter of one read on first use (one that Nest builds later). */
export type DataSourceSource = DataSource | (() => DataSource);

/** Resolves a `DataSourceSource` once and keeps it. */
export function lazyDataSource(source: DataSourceSource): () => DataSource {
  let resolved: DataSource | undefined;
  return () => (resolved ??= typeof source === 'function' ? source() : source);
}
