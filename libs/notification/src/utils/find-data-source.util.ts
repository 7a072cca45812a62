import type { ModuleRef } from '@nestjs/core';
import { HeraldConfigError } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import type { DataSource } from 'typeorm';

/**
 * A getter of the application's TypeORM `DataSource`, looked up when first
 * called (Nest builds it after the stores): a database store configured at
 * `path` fails then, with `howToFix`, when there is none.
 */
export function findDataSource(
  moduleRef: ModuleRef | undefined,
  feature: string,
  path: string,
  howToFix: string,
): () => DataSource {
  const { DataSource: DataSourceClass } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    feature,
  );
  return () => {
    let dataSource: DataSource | undefined;
    try {
      dataSource = moduleRef?.get(DataSourceClass, { strict: false });
    } catch {
      dataSource = undefined;
    }
    if (!dataSource) {
      throw new HeraldConfigError([
        { path, message: `is "database" but no TypeORM DataSource is available: ${howToFix}` },
      ]);
    }
    return dataSource;
  };
}
