import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { Module } from '@nestjs/common';
import { TypeOrmModule, type TypeOrmModuleOptions } from '@nestjs/typeorm';
import { DEMO_MIGRATIONS } from './demo-migrations';

/**
 * Where the demo keeps its data: `DEMO_DATABASE_URL` when set
 * (`postgres://...`, `sqlite:<file>` or `sqlite::memory:`), otherwise the
 * embedded default, an SQLite file at `data/herald-demo.sqlite`.
 */
export function demoDataSourceOptions(url = process.env.DEMO_DATABASE_URL): TypeOrmModuleOptions {
  const common = {
    autoLoadEntities: true,
    synchronize: false,
    migrationsRun: true,
    migrations: DEMO_MIGRATIONS,
  } as const;
  if (url && /^postgres(ql)?:\/\//.test(url)) return { type: 'postgres', url, ...common };
  const file = url?.startsWith('sqlite:') ? url.slice('sqlite:'.length) : 'data/herald-demo.sqlite';
  if (file !== ':memory:') mkdirSync(dirname(resolve(file)), { recursive: true });
  return { type: 'better-sqlite3', database: file, ...common };
}

/** The demo's TypeORM connection (SQLite by default, PostgreSQL when configured). */
@Module({
  imports: [TypeOrmModule.forRootAsync({ useFactory: () => demoDataSourceOptions() })],
})
export class DatabaseModule {}
