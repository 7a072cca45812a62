import { betterSqlite3IsSafe } from '../../apps/demo/src/database/sqlite-driver.util.js';

/**
 * TypeORM options of a private in-memory SQLite database for tests:
 * better-sqlite3, or sql.js (SQLite in WebAssembly) where better-sqlite3
 * would abort the process (Node 24.19 and later) or when
 * `HERALD_TEST_SQLITE=sqljs` asks for it.
 */
export function memorySqlite():
  { type: 'better-sqlite3'; database: ':memory:' } | { type: 'sqljs' } {
  return process.env.HERALD_TEST_SQLITE === 'sqljs' || !betterSqlite3IsSafe()
    ? { type: 'sqljs' }
    : { type: 'better-sqlite3', database: ':memory:' };
}
