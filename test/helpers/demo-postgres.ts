import { Client } from 'pg';

const PG = { host: '127.0.0.1', port: 5432, user: 'postgres', database: 'test' };
let seq = 0;

/** A private PostgreSQL schema for one demo app: the env that points the demo at it, and its removal. */
export interface DemoPostgresSchema {
  env: { DEMO_DATABASE_URL: string; DEMO_DATABASE_SCHEMA: string };
  close(): Promise<void>;
}

/** Creates `herald_demo_test_<pid>_<n>` in the shared `test` database; `close()` drops it. */
export async function openDemoPostgresSchema(): Promise<DemoPostgresSchema> {
  const schema = `herald_demo_test_${process.pid}_${++seq}`;
  const admin = new Client(PG);
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  return {
    env: {
      DEMO_DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${PG.database}`,
      DEMO_DATABASE_SCHEMA: schema,
    },
    close: async () => {
      await admin.query(`DROP SCHEMA "${schema}" CASCADE`);
      await admin.end();
    },
  };
}
