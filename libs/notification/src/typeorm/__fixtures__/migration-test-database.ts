import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { createPrivateSchema } from '../../../../../test/helpers/pg-schema.js';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';

/** The databases the migration specs run on. */
export type MigrationDatabaseKind = 'sqlite' | 'postgres';

/** A migration as the specs hand it over (TypeORM's, or one of Herald's own classes). */
type Migration = Pick<MigrationInterface, 'up' | 'down'>;

/** What a migration spec asks of its database: run migrations and look at the schema. */
export interface MigrationProbe {
  readonly kind: MigrationDatabaseKind;
  readonly dataSource: DataSource;
  /** The private schema on PostgreSQL; undefined on SQLite. */
  readonly schema: string | undefined;
  /** `name` as raw SQL names the table: schema-qualified on PostgreSQL. */
  table(name: string): string;
  /** The `i`-th (from 1) bound parameter: `$i` on PostgreSQL, `?` on SQLite. */
  param(i: number): string;
  /** Runs `up` of each migration in turn, on a query runner of its own. */
  up(...migrations: Migration[]): Promise<void>;
  /** Runs `down` of each migration in turn, on a query runner of its own. */
  down(...migrations: Migration[]): Promise<void>;
  /** The column names of `table`, in table order. */
  columns(table: string): Promise<string[]>;
  /** The names of the indexes on `table` (SQLite: not the implicit ones), sorted. */
  indexes(table: string): Promise<string[]>;
  /** The names of the tables in the schema (SQLite: the database). */
  tables(): Promise<string[]>;
}

/** A {@link MigrationProbe} with a database of its own, dropped on `close()`. */
export interface MigrationTestDatabase extends MigrationProbe {
  close(): Promise<void>;
}

const names = (rows: unknown) => (rows as Array<{ name: string }>).map((r) => r.name);

/**
 * The probe of an initialized `dataSource`: PostgreSQL (its `schema` option,
 * else `public`) or SQLite, told apart by the data source's type.
 */
export function migrationProbe(dataSource: DataSource): MigrationProbe {
  const kind: MigrationDatabaseKind =
    dataSource.options.type === 'postgres' ? 'postgres' : 'sqlite';
  const schema =
    kind === 'postgres'
      ? ((dataSource.options as { schema?: string }).schema ?? 'public')
      : undefined;
  const step = async (direction: 'up' | 'down', migrations: Migration[]) => {
    for (const migration of migrations) {
      const runner: QueryRunner = dataSource.createQueryRunner();
      try {
        await migration[direction](runner);
      } finally {
        await runner.release();
      }
    }
  };
  return {
    kind,
    dataSource,
    schema,
    table: (name) => (schema === undefined ? name : `"${schema}".${name}`),
    param: (i) => (kind === 'postgres' ? `$${i}` : '?'),
    up: (...migrations) => step('up', migrations),
    down: (...migrations) => step('down', migrations),
    columns: async (table) =>
      names(
        kind === 'sqlite'
          ? await dataSource.query(`PRAGMA table_info("${table}")`)
          : await dataSource.query(
              `SELECT column_name AS name FROM information_schema.columns
               WHERE table_schema = $1 AND table_name = $2 ORDER BY ordinal_position`,
              [schema, table],
            ),
      ),
    indexes: async (table) =>
      names(
        kind === 'sqlite'
          ? await dataSource.query(
              `SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL`,
              [table],
            )
          : await dataSource.query(
              `SELECT indexname AS name FROM pg_indexes WHERE schemaname = $1 AND tablename = $2`,
              [schema, table],
            ),
      ).sort(),
    tables: async () =>
      names(
        kind === 'sqlite'
          ? await dataSource.query(`SELECT name FROM sqlite_master WHERE type = 'table'`)
          : await dataSource.query(
              `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = $1`,
              [schema],
            ),
      ),
  };
}

/**
 * An empty database for migrations to run on by hand: in-memory SQLite, or a
 * PostgreSQL schema named `schemaName` (keep the process id in it), dropped on
 * `close()`.
 */
export async function openMigrationTestDatabase(
  kind: MigrationDatabaseKind,
  schemaName: string,
): Promise<MigrationTestDatabase> {
  if (kind === 'sqlite') {
    const dataSource = await new DataSource(memorySqlite()).initialize();
    return { ...migrationProbe(dataSource), close: () => dataSource.destroy() };
  }
  const schema = await createPrivateSchema(schemaName);
  try {
    const dataSource = await new DataSource(schema.options).initialize();
    return {
      ...migrationProbe(dataSource),
      close: async () => {
        try {
          await dataSource.destroy();
        } finally {
          await schema.drop();
        }
      },
    };
  } catch (error) {
    await schema.drop();
    throw error;
  }
}
