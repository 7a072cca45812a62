import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DEMO_MIGRATIONS } from './demo-migrations.js';
import { betterSqlite3IsSafe } from './sqlite-driver.util.js';
import { parseDemoDatabaseUrl } from './demo-database-url.util.js';

/**
 * Where the demo keeps its data: `DEMO_DATABASE_URL` when set
 * (`postgres://...`, `sqlite:<file>`, `sqlite::memory:`, or `sqljs:<file>` /
 * `sqljs::memory:` to force sql.js), otherwise the embedded default, an SQLite
 * file at `data/herald-demo.sqlite` (better-sqlite3, or sql.js where
 * better-sqlite3 is unsafe; see `betterSqlite3IsSafe`). On PostgreSQL,
 * `DEMO_DATABASE_SCHEMA` puts the demo's tables (and its migrations table) in
 * that schema, which must exist, instead of `public`. Any other value stops
 * the start (`parseDemoDatabaseUrl`), never falling back to SQLite.
 */
export function demoDataSourceOptions(
  url = process.env.DEMO_DATABASE_URL,
  safeNative = betterSqlite3IsSafe(),
  schema = process.env.DEMO_DATABASE_SCHEMA || undefined,
): TypeOrmModuleOptions {
  const common = {
    autoLoadEntities: true,
    synchronize: false,
    migrationsRun: true,
    migrations: DEMO_MIGRATIONS,
  } as const;
  const target = parseDemoDatabaseUrl(url);
  if (target.kind === 'postgres') {
    return { type: 'postgres', url: target.url, ...(schema ? { schema } : {}), ...common };
  }
  const scheme = target.kind === 'default' ? undefined : target.kind;
  const file = target.kind === 'default' ? 'data/herald-demo.sqlite' : target.file;
  const memory = file === ':memory:';
  if (!memory) mkdirSync(dirname(resolve(file)), { recursive: true });
  if (scheme === 'sqljs' || !safeNative) {
    return memory
      ? { type: 'sqljs', ...common }
      : { type: 'sqljs', location: file, autoSave: true, ...common };
  }
  return { type: 'better-sqlite3', database: file, ...common };
}
