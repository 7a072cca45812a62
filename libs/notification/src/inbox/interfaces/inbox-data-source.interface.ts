/**
 * A TypeORM `DataSource` as the inbox's options see it: only the members the
 * database store relies on, so that `InboxModule` and its options type-check
 * in an app that has no `typeorm` installed. Any `DataSource` of TypeORM 0.3
 * or 1.x fits.
 */
export interface InboxDataSource {
  readonly isInitialized: boolean;
  readonly options: { readonly type: string };
  query(query: string, parameters?: any[]): Promise<any>;
  createQueryRunner(): unknown;
  /** Called at bootstrap when `isInitialized` is false (a plain `new DataSource(...)`). */
  initialize?(): Promise<unknown>;
  /** Called at shutdown for a data source Herald initialised itself. */
  destroy?(): Promise<void>;
}
