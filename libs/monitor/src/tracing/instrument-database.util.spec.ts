import Database from 'better-sqlite3';
import { DataSource } from 'typeorm';
import { HeraldValueError } from '../errors/index.js';
import { InMemoryTracerProvider } from './in-memory-tracer.provider.js';
import { instrumentDatabase } from './instrument-database.util.js';
import { summarizeStatement } from './sql-summary.util.js';
import { RecordingCollector } from './__fixtures__/recording-collector.js';
import { memorySqlite } from '../../../../test/helpers/sqlite.js';
import { betterSqlite3IsSafe } from '../../../../apps/demo/src/database/sqlite-driver.util.js';

/** The raw better-sqlite3 provider aborts Node 24.19+ when V8 collects its statements: run it where it is safe. */
const itNative = betterSqlite3IsSafe() ? it : it.skip;

/** A small provider with SPEC's `execute` / `executeQuery`, on a real SQLite database. */
class SqliteProvider {
  readonly db = new Database(':memory:');
  execute(sql: string, params: unknown[] = []) {
    const statement = this.db.prepare(sql);
    return statement.reader ? statement.all(...params) : statement.run(...params);
  }
  async executeQuery(sql: string, params: unknown[] = []) {
    return this.execute(sql, params);
  }
}

const tracing = new InMemoryTracerProvider();
afterAll(() => tracing.shutdown());
beforeEach(() => tracing.reset());

describe('instrumentDatabase', () => {
  itNative(
    'wraps execute and executeQuery: a CLIENT span per query, summary only, metrics, error status',
    async () => {
      const metrics = new RecordingCollector();
      const provider = new SqliteProvider();
      expect(instrumentDatabase(provider, { tracer: tracing, metrics, system: 'sqlite' })).toBe(
        provider,
      );
      instrumentDatabase(provider, { tracer: tracing, metrics });
      provider.execute('CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT)');
      provider.execute('INSERT INTO users (email) VALUES (?)', ['secret@example.com']);
      provider.execute("UPDATE users SET email = 'literal@example.com' WHERE id = 1");
      await expect(
        provider.executeQuery('SELECT email FROM users WHERE id = ?', [1]),
      ).resolves.toEqual([{ email: 'literal@example.com' }]);
      expect(() => provider.execute('SELECT * FROM missing_table')).toThrow(/no such table/);
      // better-sqlite3's error class may come from another jest realm (the native addon keeps the first one), so match the message
      const rejected = await provider.executeQuery('DELETE FROM nowhere').then(
        () => undefined,
        (e: Error) => e,
      );
      expect(rejected?.message).toMatch(/no such table/);
      provider.db.close();

      const spans = tracing.getAllSpans();
      expect(spans.map((s) => [s.name, s.kind, s.status.code])).toEqual([
        ['CREATE', 'client', 'unset'],
        ['INSERT users', 'client', 'unset'],
        ['UPDATE users', 'client', 'unset'],
        ['SELECT users', 'client', 'unset'],
        ['SELECT missing_table', 'client', 'error'],
        ['DELETE nowhere', 'client', 'error'],
      ]);
      expect(spans[3].attributes).toEqual({
        'db.system.name': 'sqlite',
        'db.operation.name': 'SELECT',
        'db.query.summary': 'SELECT users',
        'db.collection.name': 'users',
      });
      const everything = JSON.stringify(spans.map((s) => [s.attributes, s.events]));
      expect(everything).not.toContain('example.com');
      expect(
        metrics.calls
          .filter(([kind]) => kind === 'increment')
          .map(([, name, v, tags]) => [name, v, tags]),
      ).toEqual([
        ['db_queries_total', 1, { operation: 'CREATE', status: 'ok' }],
        ['db_queries_total', 1, { operation: 'INSERT', status: 'ok' }],
        ['db_queries_total', 1, { operation: 'UPDATE', status: 'ok' }],
        ['db_queries_total', 1, { operation: 'SELECT', status: 'ok' }],
        ['db_queries_total', 1, { operation: 'SELECT', status: 'error' }],
        ['db_queries_total', 1, { operation: 'DELETE', status: 'error' }],
      ]);
      const durations = metrics.calls.filter(([kind]) => kind === 'histogram');
      expect(durations).toHaveLength(6);
      for (const [, name, seconds] of durations) {
        expect(name).toBe('db_query_duration_seconds');
        expect(seconds).toBeGreaterThanOrEqual(0);
        expect(seconds).toBeLessThan(5);
      }
    },
  );

  it('instruments a TypeORM DataSource (query), nested under the current span', async () => {
    const dataSource = await new DataSource({
      ...memorySqlite(),
    }).initialize();
    try {
      instrumentDatabase(dataSource, { tracer: tracing });
      const parent = tracing.startSpan('request');
      const rows = await tracing.withSpan(parent, () =>
        dataSource.query('SELECT ? AS answer', [42]),
      );
      parent.end();
      expect(rows).toEqual([{ answer: 42 }]);
      const query = tracing.getAllSpans().find((s) => s.kind === 'client')!;
      expect(query.name).toBe('SELECT');
      expect(query.parentSpanId).toBe(parent.spanId);
      expect(query.attributes['db.system.name']).toBe('sqlite');
      expect(JSON.stringify(query.attributes)).not.toContain('42');
    } finally {
      await dataSource.destroy();
    }
  });

  it('refuses objects it cannot instrument, naming them', () => {
    expect(() => instrumentDatabase(new Map() as never)).toThrow(HeraldValueError);
    expect(() => instrumentDatabase(new Map() as never)).toThrow(/got Map/);
  });
});

describe('summarizeStatement', () => {
  it.each([
    ['SELECT * FROM "public"."orders" WHERE id = 1', 'SELECT public.orders'],
    ['select id from users u join x on true', 'SELECT users'],
    ['/* tag */ INSERT INTO `logs` (a) VALUES (1)', 'INSERT logs'],
    ['-- note\nUPDATE accounts SET balance = 0', 'UPDATE accounts'],
    ['DELETE FROM sessions', 'DELETE sessions'],
    ['BEGIN', 'BEGIN'],
    ['', 'QUERY'],
  ])('%s -> %s', (sql, summary) => {
    expect(summarizeStatement(sql).summary).toBe(summary);
  });
});
