import { HeraldConfigError } from '@herald/contracts';
import { redactText } from '@herald/contracts/internal';

/** What Herald needs of a TypeORM `DataSource` it was handed in options. */
export interface InitializableDataSource {
  readonly isInitialized: boolean;
  initialize?(): Promise<unknown>;
  destroy?(): Promise<void>;
}

/**
 * Initialises a TypeORM `DataSource` handed to Herald (`InboxModule.forRoot({ dataSource })`)
 * when the application has not: a plain `new DataSource(...)` would otherwise fail at the
 * first query ("Driver not Connected"). Resolves `true` when it initialised it here (so
 * whoever called it destroys it at shutdown), `false` when it already was. A failure is a
 * `HeraldConfigError` at `path` that names `initialize()` and `heraldMigrations()`.
 */
export async function initializeDataSource(
  dataSource: InitializableDataSource,
  path: string,
): Promise<boolean> {
  if (dataSource.isInitialized) return false;
  const fix =
    'pass an initialised DataSource (await dataSource.initialize()) whose migrations include ' +
    "heraldMigrations() from '@herald/notification/typeorm'";
  if (typeof dataSource.initialize !== 'function') {
    throw new HeraldConfigError([
      { path, message: `is not initialised and has no initialize() method: ${fix}` },
    ]);
  }
  try {
    await dataSource.initialize();
  } catch (error) {
    throw new HeraldConfigError([
      {
        path,
        message: `is a TypeORM DataSource that Herald tried to initialise, and initialize() failed (${redactText(
          (error as Error)?.message ?? String(error),
        )}): ${fix}`,
      },
    ]);
  }
  return true;
}
