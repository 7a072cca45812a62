import { demoDataSourceOptions } from './demo-data-source.options.js';
import { parseDemoDatabaseUrl } from './demo-database-url.util.js';

const SECRET = 'pw-Zq81x';

describe('parseDemoDatabaseUrl', () => {
  it('reads every documented form', () => {
    expect(parseDemoDatabaseUrl(undefined)).toEqual({ kind: 'default' });
    expect(parseDemoDatabaseUrl('  ')).toEqual({ kind: 'default' });
    expect(parseDemoDatabaseUrl('postgres://u:p@127.0.0.1:5432/test')).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@127.0.0.1:5432/test',
    });
    expect(parseDemoDatabaseUrl(' postgresql://127.0.0.1/test ')).toMatchObject({
      kind: 'postgres',
    });
    expect(parseDemoDatabaseUrl('postgres:///test')).toMatchObject({ kind: 'postgres' });
    expect(parseDemoDatabaseUrl('sqlite::memory:')).toEqual({ kind: 'sqlite', file: ':memory:' });
    expect(parseDemoDatabaseUrl('sqljs:data/x.sqljs')).toEqual({
      kind: 'sqljs',
      file: 'data/x.sqljs',
    });
  });

  it.each([
    ['mysql', `mysql://root:${SECRET}@db.example/app`, /starting "mysql:"/],
    ['postgres without //', `postgres:${SECRET}@db.example`, /missing the "\/\/"/],
    ['postgres with a broken port', `postgres://u:${SECRET}@db:port/app`, /not a valid/],
    ['a bare host', `db.example/${SECRET}`, /a value with no scheme/],
    ['a bare secret', SECRET, /a value with no scheme/],
    ['sqlite without a file', 'sqlite:', /names no file after "sqlite:"/],
    ['mongodb', `mongodb+srv://u:${SECRET}@cluster/app`, /starting "mongodb\+srv:"/],
  ])('refuses %s, naming the variable and the forms, never the value', (_name, url, why) => {
    let message = '';
    try {
      parseDemoDatabaseUrl(url);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^DEMO_DATABASE_URL /);
    expect(message).toMatch(why);
    expect(message).toContain('postgres://[user[:password]@]host[:port]/database');
    expect(message).toContain('sqlite:<file>');
    expect(message).not.toContain(SECRET);
  });

  it('demoDataSourceOptions throws instead of falling back to SQLite', () => {
    expect(() => demoDataSourceOptions(`mysql://root:${SECRET}@db/app`, true)).toThrow(
      /^DEMO_DATABASE_URL is not a database URL the demo can use \(got a value starting "mysql:"\)/,
    );
    expect(demoDataSourceOptions('sqlite::memory:', true)).toMatchObject({
      type: 'better-sqlite3',
      database: ':memory:',
    });
  });
});
