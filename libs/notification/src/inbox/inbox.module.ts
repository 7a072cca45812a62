import { Module, type DynamicModule } from '@nestjs/common';
import { INBOX_STORE } from '@herald/contracts';
import type { InboxModuleOptions } from './inbox-options.interface';
import { createInboxProviders } from './inbox.providers';
import { InboxService } from './inbox.service';

/**
 * A module form of `InboxProvider` for applications that prefer imports.
 *
 * @example
 * InboxModule.forRoot({ config: { storeBackend: 'memory' } })
 */
@Module({})
export class InboxModule {
  /** `config` may be an `InboxConfig` or `InboxModuleOptions`. */
  static forRoot(config?: InboxModuleOptions | InboxModuleOptions['config']): DynamicModule {
    const options = isOptions(config) ? config : { config };
    return {
      module: InboxModule,
      providers: createInboxProviders(options),
      exports: [InboxService, INBOX_STORE],
    };
  }
}

function isOptions(value: unknown): value is InboxModuleOptions {
  if (!value || typeof value !== 'object' || value.constructor !== Object) return false;
  return ['config', 'store', 'dataSource', 'purgeIntervalMs'].some((key) => key in value);
}
