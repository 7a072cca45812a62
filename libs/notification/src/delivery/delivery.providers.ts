import type { InjectionToken, Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { DELIVERY_CONFIG, DELIVERY_STORE } from './delivery.constants.js';
import { DeliveryLifecycle } from './delivery.lifecycle.js';
import { deliverySettingsFrom, type DeliveryConfig } from './delivery-settings.util.js';
import { BullmqDeliveryQueue } from './queue/bullmq-delivery.queue.js';
import { createDeliveryService } from './reliable/create-delivery-service.js';
import { DeliveryService } from './reliable/delivery.service.js';
import { DatabaseDeliveryStore } from './stores/database-delivery.store.js';
import type { DeliveryStore } from './stores/delivery-store.protocol.js';
import { MemoryDeliveryStore } from './stores/memory-delivery.store.js';
import { findDataSource } from '../utils/find-data-source.util.js';

/** Where the providers find their `DeliveryConfig`: a token and how to read it. */
export interface DeliveryConfigSource {
  inject: InjectionToken;
  select?: (value: any) => DeliveryConfig;
}

/** The store the config asks for; `database` uses the application's TypeORM `DataSource`. */
export function createDeliveryStore(config: DeliveryConfig, moduleRef?: ModuleRef): DeliveryStore {
  if (config.store === 'memory') return new MemoryDeliveryStore();
  return new DatabaseDeliveryStore(
    findDataSource(
      moduleRef,
      'the database delivery store',
      'notification.delivery.store',
      'import TypeOrmModule.forRoot(...) and run CreateDeliveryRecords1732400000000, ' +
        'AddDeliveryNotificationId1734200000000, AddDeliveryFeedback1735300000000, AddDeliveryJob1736100000000 ' +
        'and AddSmsSegmentsToDeliveryRecords1736500000000 ' +
        '(all in NOTIFIER_MIGRATIONS), or use store "memory"',
    ),
  );
}

/**
 * Providers of reliable delivery: `DELIVERY_CONFIG`, `DELIVERY_STORE`,
 * `DeliveryService` (the queue when `queue: bullmq` and `enabled`) and the
 * `DeliveryLifecycle` (workers, gauges, health check, purge). Used by
 * `NotificationModule` and `DeliveryModule`.
 */
export function createDeliveryProviders(source: DeliveryConfigSource): Provider[] {
  return [
    {
      provide: DELIVERY_CONFIG,
      useFactory: (value: unknown) => (source.select ? source.select(value) : value),
      inject: [source.inject],
    },
    {
      provide: DELIVERY_STORE,
      useFactory: (config: DeliveryConfig, moduleRef: ModuleRef) =>
        config.enabled ? createDeliveryStore(config, moduleRef) : new MemoryDeliveryStore(),
      inject: [DELIVERY_CONFIG, ModuleRef],
    },
    {
      provide: DeliveryService,
      useFactory: (
        config: DeliveryConfig,
        store: DeliveryStore,
        metrics?: MetricsCollectorProtocol,
        tracer?: TracerProtocol,
      ) =>
        createDeliveryService(deliverySettingsFrom(config), {
          store,
          metrics,
          tracer,
          queue:
            config.enabled && config.queue === 'bullmq'
              ? new BullmqDeliveryQueue({
                  redisUrl: config.redisUrl,
                  queueName: config.queueName,
                  prefix: config.queuePrefix,
                  attempts: config.retryAttempts,
                  keepFailedSeconds: config.retentionDays * 86_400,
                })
              : undefined,
        }),
      inject: [
        DELIVERY_CONFIG,
        DELIVERY_STORE,
        { token: METRICS_COLLECTOR, optional: true },
        { token: TRACER, optional: true },
      ],
    },
    DeliveryLifecycle,
  ];
}

/** What a module using `createDeliveryProviders` exports. */
export const DELIVERY_EXPORTS = [DELIVERY_CONFIG, DELIVERY_STORE, DeliveryService];
