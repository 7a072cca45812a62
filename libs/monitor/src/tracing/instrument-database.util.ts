import { AsyncLocalStorage } from 'node:async_hooks';
import type { MetricsCollectorProtocol, TracerProtocol } from '@herald/contracts';
import { HeraldValueError } from '../errors/index.js';
import { resolveTracer } from './default-tracer.util.js';
import { runInSpan } from './run-in-span.util.js';
import { summarizeStatement } from './sql-summary.util.js';

/** Options of `instrumentDatabase()`. */
export interface InstrumentDatabaseOptions {
  /** Where `db_queries_total` and `db_query_duration_seconds` go. @default none (spans only) */
  metrics?: MetricsCollectorProtocol;
  /** @default the current span's tracer, else MonitorModule's, else no-op */
  tracer?: TracerProtocol;
  /** `db.system.name` (`postgresql`, `sqlite`...). @default the TypeORM driver type, else 'other_sql' */
  system?: string;
}

const INSTRUMENTED = Symbol.for('herald.db.instrumented');
const QUERY_METHODS = ['execute', 'executeQuery'] as const;
/** The database whose instrumented call is running: a nested call (executeQuery → execute) is not counted twice. */
const running = new AsyncLocalStorage<object>();

/** What can be instrumented: a provider with `execute` (and maybe `executeQuery`), or a TypeORM DataSource. */
export type InstrumentableDatabase = { execute?: unknown; executeQuery?: unknown; query?: unknown };

function isTypeOrmDataSource(db: any): boolean {
  return (
    typeof db?.query === 'function' &&
    typeof db?.createQueryRunner === 'function' &&
    db?.options !== undefined
  );
}

function systemOf(db: any, explicit?: string): string {
  if (explicit) return explicit;
  const type = String(db?.options?.type ?? '');
  // TypeORM's SQLite drivers: sqlite, better-sqlite3, capacitor/cordova/expo/react-native variants, sqljs.
  if (type.includes('sqlite') || type === 'sqljs') return 'sqlite';
  if (type === 'postgres') return 'postgresql';
  return type || 'other_sql';
}

/**
 * `instrumentDatabase(provider)`: wraps the provider's `execute` and,
 * if present, `executeQuery` (or a TypeORM `DataSource`'s `query`) so each
 * query runs in a CLIENT span named by its summary (`SELECT users`), with
 * error status on failure, and counts/times it through the metrics collector
 * (`db_queries_total{operation,status}`, `db_query_duration_seconds{operation}`).
 * Bound parameters and the statement text are never recorded. Idempotent;
 * returns the same object.
 *
 * @example instrumentDatabase(dataSource, { metrics: collector })
 */
export function instrumentDatabase<T extends object>(
  provider: T,
  options: InstrumentDatabaseOptions = {},
): T {
  const db = provider as Record<string | symbol, any>;
  if (db[INSTRUMENTED]) return provider;
  const methods = isTypeOrmDataSource(db)
    ? ['query']
    : QUERY_METHODS.filter((m) => typeof db[m] === 'function');
  if (methods.length === 0) {
    throw new HeraldValueError(
      `instrumentDatabase() needs an object with an "execute" method (or a TypeORM DataSource); got ${db?.constructor?.name ?? typeof provider}.`,
    );
  }
  const system = systemOf(db, options.system);
  for (const method of methods) {
    const original = db[method] as (...args: unknown[]) => unknown;
    db[method] = function instrumented(this: unknown, statement: unknown, ...rest: unknown[]) {
      if (running.getStore() === db) return original.call(this, statement, ...rest);
      const { operation, table, summary } = summarizeStatement(statement);
      const attributes: Record<string, string> = {
        'db.system.name': system,
        'db.operation.name': operation,
        'db.query.summary': summary,
      };
      if (table) attributes['db.collection.name'] = table;
      const started = performance.now();
      const record = (status: 'ok' | 'error') => {
        if (!options.metrics) return;
        options.metrics.increment('db_queries_total', 1, { operation, status });
        options.metrics.histogram(
          'db_query_duration_seconds',
          (performance.now() - started) / 1000,
          { operation },
        );
      };
      const tracer = resolveTracer(options.tracer);
      try {
        const result = runInSpan(tracer, summary, { kind: 'client', attributes }, () =>
          running.run(db, () => original.call(this, statement, ...rest)),
        );
        if (result && typeof (result as PromiseLike<unknown>).then === 'function') {
          return (result as Promise<unknown>).then(
            (value) => {
              record('ok');
              return value;
            },
            (error: unknown) => {
              record('error');
              throw error;
            },
          );
        }
        record('ok');
        return result;
      } catch (error) {
        record('error');
        throw error;
      }
    };
  }
  Object.defineProperty(db, INSTRUMENTED, { value: true });
  return provider;
}
