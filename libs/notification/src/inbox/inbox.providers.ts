import type { Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { HeraldConfig, INBOX_STORE, InboxConfig, type InboxStoreProtocol } from '@herald/contracts';
import { requireOptional } from '@herald/contracts/internal';
import type { DataSource } from 'typeorm';
import { InboxError } from './errors/inbox.error.js';
import { INBOX_CONFIG, INBOX_DATA_SOURCE, INBOX_OPTIONS } from './inbox.constants.js';
import type { InboxModuleOptions } from './inbox-options.interface.js';
import { InboxRetentionJob } from './inbox-retention.job.js';
import { InboxService } from './inbox.service.js';
import { initializeDataSource } from '../utils/initialize-data-source.util.js';
import { lazyEventEmitter } from '../utils/lazy-event-emitter.util.js';
import { InMemoryInboxStore } from './stores/in-memory-inbox.store.js';
import { DatabaseInboxStore } from './stores/database-inbox.store.js';

function resolveConfig(options?: InboxModuleOptions, herald?: HeraldConfig): InboxConfig {
  const given = options?.config;
  const config =
    given instanceof InboxConfig
      ? given
      : given
        ? new InboxConfig(given)
        : (herald?.notification?.inbox ?? new InboxConfig());
  return config.validate('notification.inbox');
}

/**
 * The handed data source, initialised at bootstrap when the application gave a plain
 * `new DataSource(...)`; one Herald initialised is destroyed when the application shuts
 * down (Nest calls `onApplicationShutdown` on this provider's value).
 */
async function prepareDataSource(
  config: InboxConfig,
  options: InboxModuleOptions | undefined,
): Promise<{ onApplicationShutdown(): Promise<void> }> {
  const dataSource = options?.dataSource;
  const used = dataSource && !options?.store && config.storeBackend !== 'memory';
  const initialised = used
    ? await initializeDataSource(dataSource, 'InboxModule.forRoot({ dataSource })')
    : false;
  return {
    onApplicationShutdown: async () => {
      if (initialised && dataSource?.isInitialized) await dataSource.destroy?.();
    },
  };
}

function createStore(
  config: InboxConfig,
  options: InboxModuleOptions | undefined,
  moduleRef: ModuleRef,
): InboxStoreProtocol {
  if (options?.store) return options.store;
  if (config.storeBackend === 'memory') return new InMemoryInboxStore();
  const { DataSource: DataSourceClass } = requireOptional<typeof import('typeorm')>(
    'typeorm',
    "the inbox's database store (store_backend: database)",
  );
  // Resolved on first use: at factory time the application's DataSource may not exist yet.
  return new DatabaseInboxStore(
    (options?.dataSource as DataSource | undefined) ??
      (() => findDataSource(moduleRef, DataSourceClass)),
  );
}

function findDataSource(moduleRef: ModuleRef, token: typeof DataSource): DataSource {
  try {
    return moduleRef.get(token, { strict: false });
  } catch {
    throw new InboxError(
      "the inbox's store_backend is 'database' but the application has no TypeORM DataSource; " +
        "import TypeOrmModule.forRoot(...) with heraldMigrations() from '@herald/notification/typeorm', pass " +
        'InboxModule.forRoot({ dataSource }), or set notification.inbox.store_backend: memory',
      'INBOX_NO_DATA_SOURCE',
    );
  }
}

/**
 * The inbox's providers: `InboxService`, `INBOX_STORE` and the retention job.
 * Configuration comes from `options.config`, else from an `INBOX_OPTIONS`
 * provider, else from the application's `HeraldConfig`, else the defaults.
 */
export function createInboxProviders(options?: InboxModuleOptions): Provider[] {
  const optionsProvider: Provider[] = options
    ? [{ provide: INBOX_OPTIONS, useValue: options }]
    : [];
  return [...optionsProvider, ...createInboxServiceProviders()];
}

/**
 * `createInboxProviders()` without the options provider: what `InboxModule`
 * adds to the options provider of its module builder.
 */
export function createInboxServiceProviders(): Provider[] {
  return [
    {
      provide: INBOX_CONFIG,
      useFactory: resolveConfig,
      inject: [
        { token: INBOX_OPTIONS, optional: true },
        { token: HeraldConfig, optional: true },
      ],
    },
    {
      provide: INBOX_DATA_SOURCE,
      useFactory: prepareDataSource,
      inject: [INBOX_CONFIG, { token: INBOX_OPTIONS, optional: true }],
    },
    {
      provide: INBOX_STORE,
      // INBOX_DATA_SOURCE first: the store's data source is initialised before anyone uses it.
      useFactory: (
        config: InboxConfig,
        options: InboxModuleOptions | undefined,
        moduleRef: ModuleRef,
      ) => createStore(config, options, moduleRef),
      inject: [
        INBOX_CONFIG,
        { token: INBOX_OPTIONS, optional: true },
        ModuleRef,
        INBOX_DATA_SOURCE,
      ],
    },
    {
      provide: InboxService,
      useFactory: (store: InboxStoreProtocol, config: InboxConfig, moduleRef: ModuleRef) =>
        new InboxService(store, {
          config,
          events: lazyEventEmitter(moduleRef, 'InboxService', 'INBOX_SENT_HOOK (inbox hooks)'),
        }),
      inject: [INBOX_STORE, INBOX_CONFIG, ModuleRef],
    },
    InboxRetentionJob,
  ];
}

/**
 * `InboxProvider`: list it (spread) in a module's `providers` to get
 * `InboxService` and `INBOX_STORE`. Database backend by default: run
 * `heraldMigrations()` (from `@herald/notification/typeorm`) in your TypeORM migrations.
 *
 * @example
 * @Module({ providers: [...InboxProvider, MyController] })
 */
export const InboxProvider: Provider[] = createInboxProviders();
