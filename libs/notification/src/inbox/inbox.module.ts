import { Module, type DynamicModule } from '@nestjs/common';
import { INBOX_STORE, type InboxConfig } from '@herald/contracts';
import type { InboxModuleOptions } from './inbox-options.interface.js';
import {
  INBOX_ASYNC_OPTIONS_TYPE,
  INBOX_OPTIONS_TYPE,
  InboxConfigurableModule,
} from './inbox.module-definition.js';
import { createInboxServiceProviders } from './inbox.providers.js';
import { InboxService } from './inbox.service.js';

const OPTION_KEYS = ['config', 'store', 'dataSource', 'purgeIntervalMs', 'isGlobal'];

function complete(base: DynamicModule): DynamicModule {
  return {
    ...base,
    providers: [...(base.providers ?? []), ...createInboxServiceProviders()],
    exports: [...(base.exports ?? []), InboxService, INBOX_STORE],
  };
}

/**
 * A module form of `InboxProvider` for applications that prefer imports:
 * exports `InboxService` and `INBOX_STORE`, built from the same provider
 * factories. Without a config, the application's `HeraldConfig` (when
 * provided), else the defaults (database store on the application's TypeORM
 * `DataSource`).
 *
 * @example InboxModule.forRoot({ config: { storeBackend: 'memory' } })
 * @example InboxModule.forRoot(new InboxConfig({ retentionDays: 7 }))
 * @example InboxModule.forRootAsync({ inject: [DataSource], useFactory: (dataSource: DataSource) => ({ dataSource }), isGlobal: true })
 */
@Module({})
export class InboxModule extends InboxConfigurableModule {
  /**
   * @param options `InboxModuleOptions` (with `isGlobal`), or just the config:
   *   an `InboxConfig` or its plain form (`{ storeBackend: 'memory' }`)
   */
  static forRoot(
    options?: typeof INBOX_OPTIONS_TYPE | InboxConfig | Record<string, unknown>,
  ): DynamicModule {
    return complete(super.forRoot(isOptions(options) ? options : { config: options }));
  }

  /** Options from a factory (`imports`, `inject`, `useFactory` returning `InboxModuleOptions`); `isGlobal` beside them. */
  static forRootAsync(options: typeof INBOX_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRootAsync(options));
  }
}

function isOptions(value: unknown): value is InboxModuleOptions {
  if (!value || typeof value !== 'object' || value.constructor !== Object) return false;
  return OPTION_KEYS.some((key) => key in value);
}
