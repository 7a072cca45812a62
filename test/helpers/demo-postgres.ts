import { createPrivateSchema, TEST_PG as PG } from './pg-schema.js';

let seq = 0;

/** A private PostgreSQL schema for one demo app: the env that points the demo at it, and its removal. */
export interface DemoPostgresSchema {
  env: { DEMO_DATABASE_URL: string; DEMO_DATABASE_SCHEMA: string };
  close(): Promise<void>;
}

/** Creates `herald_demo_test_<pid>_<n>` in the shared `test` database; `close()` drops it. */
export async function openDemoPostgresSchema(): Promise<DemoPostgresSchema> {
  const schema = await createPrivateSchema(`herald_demo_test_${process.pid}_${++seq}`);
  return {
    env: {
      DEMO_DATABASE_URL: `postgres://${PG.user}@${PG.host}:${PG.port}/${PG.database}`,
      DEMO_DATABASE_SCHEMA: schema.name,
    },
    close: () => schema.drop(),
  };
}
