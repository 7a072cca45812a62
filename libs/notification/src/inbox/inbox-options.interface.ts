import type { InboxConfig, InboxStoreProtocol } from '@herald/contracts';
import type { InboxDataSource } from './interfaces/inbox-data-source.interface.js';

/** Options of `InboxModule.forRoot()` and `createInboxProviders()`. */
export interface InboxModuleOptions {
  /**
   * `InboxConfig` or its plain form (`{ storeBackend: 'memory' }` or
   * `{ store_backend: 'memory' }`). When absent, the application's
   * `HeraldConfig` (if provided) is used, else the defaults.
   */
  config?: InboxConfig | Record<string, unknown>;
  /** A ready store; overrides `store_backend`. */
  store?: InboxStoreProtocol;
  /** The TypeORM data source of the database store. @default the application's default `DataSource` */
  dataSource?: InboxDataSource;
  /** How often the retention job purges expired messages. @default 3_600_000 (one hour) */
  purgeIntervalMs?: number;
}
