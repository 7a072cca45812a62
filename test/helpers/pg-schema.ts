import { Client } from 'pg';

/** The shared test server (trust authentication, database `test`). */
export const TEST_PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };

/** TypeORM data source options that keep every table in one schema of the test server. */
export interface SchemaOptions {
  type: 'postgres';
  host: string;
  port: number;
  username: string;
  database: string;
  /** Unset: the server's default (`public`). */
  schema?: string;
}

/**
 * The data source options of schema `name` on the test server: for a child
 * process handed the name of a schema its test created.
 */
export function schemaOptions(name: string | undefined): SchemaOptions {
  return {
    type: 'postgres',
    host: TEST_PG.host,
    port: TEST_PG.port,
    username: TEST_PG.user,
    database: TEST_PG.database,
    schema: name,
  };
}

/** A PostgreSQL schema of one test, on its own admin connection. */
export interface PrivateSchema {
  /** The schema's name (quote it in SQL: `"${schema.name}".table`). */
  readonly name: string;
  /** TypeORM data source options that keep every table in the schema. */
  readonly options: SchemaOptions;
  /** The admin connection, for SQL the test runs beside the application. */
  readonly admin: Client;
  /** Drops the schema with everything in it and closes the admin connection. */
  drop(): Promise<void>;
}

/**
 * Creates schema `name` (dropping a leftover of the same name first when
 * `replace` is set): each test keeps its tables apart from every other test
 * and helper sharing the server.
 */
export async function createPrivateSchema(
  name: string,
  { replace = false }: { replace?: boolean } = {},
): Promise<PrivateSchema> {
  const admin = new Client(TEST_PG);
  await admin.connect();
  try {
    if (replace) await admin.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
    await admin.query(`CREATE SCHEMA "${name}"`);
  } catch (error) {
    await admin.end();
    throw error;
  }
  return {
    name,
    admin,
    options: schemaOptions(name),
    drop: async () => {
      try {
        await admin.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      } finally {
        await admin.end();
      }
    },
  };
}
