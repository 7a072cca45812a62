import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';
import { demoDataSourceOptions } from './demo-data-source.options.js';
import { betterSqlite3IsSafe } from './sqlite-driver.util.js';

export { betterSqlite3IsSafe, demoDataSourceOptions };

/** The demo's TypeORM connection (SQLite by default, PostgreSQL when configured): `DemoEffectiveConfig.database`. */
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [DemoEffectiveConfig],
      useFactory: (config: DemoEffectiveConfig) => config.database,
    }),
  ],
})
export class DatabaseModule {}
