import type { UnsubscribeOptions } from './unsubscribe/unsubscribe-options.interface.js';

/** `SuppressionModule.forRoot(options)`. */
export interface SuppressionModuleOptions {
  /**
   * Where entries live: `database` (the application's TypeORM `DataSource`;
   * run `NOTIFIER_MIGRATIONS`, which create `herald_suppressions`) or `memory`.
   * @default 'memory'
   */
  store?: 'memory' | 'database';
  /** One-click unsubscribe headers and endpoint. @default off */
  unsubscribe?: UnsubscribeOptions;
}
