import type { Provider, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { DeviceTokenService } from '../notifier/devices/device-token.service.js';
import { findDataSource } from '../utils/find-data-source.util.js';
import { lazyEventEmitter } from '../utils/lazy-event-emitter.util.js';
import {
  SUPPRESSION_GATE,
  SUPPRESSION_GUARDS,
  SUPPRESSION_STORE,
} from './suppression.constants.js';
import { SuppressionDeliveryGuard } from './suppression-delivery.guard.js';
import { SuppressionDirectSends } from './suppression-direct-sends.js';
import { DIRECT_SEND_GUARD } from '../registry/direct-send-guard.js';
import type { DeliveryGuard } from '../delivery/reliable/delivery-guard.js';
import { SuppressionFeedback } from './suppression-feedback.js';
import { SuppressionGate } from './suppression.gate.js';
import { SuppressionLifecycle } from './suppression.lifecycle.js';
import { SUPPRESSION_MODULE_OPTIONS } from './suppression.module-definition.js';
import type { SuppressionModuleOptions } from './suppression-options.interface.js';
import { SuppressionService } from './suppression.service.js';
import type { SuppressionStore } from './suppression-store.protocol.js';
import { DatabaseSuppressionStore } from './stores/database-suppression.store.js';
import { MemorySuppressionStore } from './stores/memory-suppression.store.js';
import {
  createUnsubscribeController,
  UNSUBSCRIBE_OPTIONS,
} from './unsubscribe/create-unsubscribe.controller.js';
import { UnsubscribeHeadersGuard } from './unsubscribe/unsubscribe-headers.guard.js';
import type { ResolvedUnsubscribeOptions } from './unsubscribe/unsubscribe-options.interface.js';
import { resolveUnsubscribeOptions } from './unsubscribe/resolve-unsubscribe-options.util.js';

const MIGRATIONS_HINT =
  'import TypeOrmModule.forRoot(...) and run NOTIFIER_MIGRATIONS (they create herald_suppressions), or use SuppressionModule option store: "memory"';

/** True when a device-token registry is in the application (it retires dead tokens itself). */
function registryIn(moduleRef: ModuleRef): () => boolean {
  return () => {
    try {
      return moduleRef.get(DeviceTokenService, { strict: false }) !== undefined;
    } catch {
      return false;
    }
  };
}

/** Every provider of `SuppressionModule`. */
export function createSuppressionProviders(): Provider[] {
  return [
    {
      provide: SUPPRESSION_STORE,
      useFactory: (options: SuppressionModuleOptions, moduleRef: ModuleRef): SuppressionStore =>
        options?.store === 'database'
          ? new DatabaseSuppressionStore(
              findDataSource(
                moduleRef,
                'the database suppression store',
                'SuppressionModule.store',
                MIGRATIONS_HINT,
              ),
            )
          : new MemorySuppressionStore(),
      inject: [SUPPRESSION_MODULE_OPTIONS, ModuleRef],
    },
    {
      provide: SuppressionService,
      useFactory: (store: SuppressionStore, moduleRef: ModuleRef) =>
        new SuppressionService(
          store,
          lazyEventEmitter(moduleRef, 'SuppressionService', 'SUPPRESSION_ADDED_EVENT'),
        ),
      inject: [SUPPRESSION_STORE, ModuleRef],
    },
    {
      provide: SUPPRESSION_GATE,
      useFactory: (service: SuppressionService) => new SuppressionGate(service),
      inject: [SuppressionService],
    },
    {
      provide: SuppressionFeedback,
      useFactory: (service: SuppressionService, moduleRef: ModuleRef) =>
        new SuppressionFeedback(
          service,
          lazyEventEmitter(moduleRef, 'SuppressionFeedback', 'PUSH_TOKEN_DEAD_EVENT'),
          registryIn(moduleRef),
        ),
      inject: [SuppressionService, ModuleRef],
    },
    {
      provide: UNSUBSCRIBE_OPTIONS,
      useFactory: (options: SuppressionModuleOptions): ResolvedUnsubscribeOptions | undefined =>
        options?.unsubscribe ? resolveUnsubscribeOptions(options.unsubscribe) : undefined,
      inject: [SUPPRESSION_MODULE_OPTIONS],
    },
    {
      provide: SUPPRESSION_GUARDS,
      useFactory: (service: SuppressionService, unsubscribe?: ResolvedUnsubscribeOptions) => [
        new SuppressionDeliveryGuard(service),
        ...(unsubscribe ? [new UnsubscribeHeadersGuard(unsubscribe)] : []),
      ],
      inject: [SuppressionService, UNSUBSCRIBE_OPTIONS],
    },
    {
      // Depends on ModuleRef alone, so the registries can inject it in any module order.
      provide: DIRECT_SEND_GUARD,
      useFactory: (moduleRef: ModuleRef) =>
        new SuppressionDirectSends(() => {
          const devices = registryIn(moduleRef)()
            ? moduleRef.get(DeviceTokenService, { strict: false })
            : undefined;
          return {
            guards: moduleRef.get<DeliveryGuard[]>(SUPPRESSION_GUARDS),
            feedback: moduleRef.get(SuppressionFeedback),
            markDead: devices && ((token, reason) => devices.markDead(token, reason)),
          };
        }),
      inject: [ModuleRef],
    },
    SuppressionLifecycle,
  ];
}

/** The one-click unsubscribe controller, when the options (known at declaration) ask for it. */
export function createSuppressionControllers(
  options?: SuppressionModuleOptions,
  route?: string,
): Type<unknown>[] {
  const path = unsubscribeRoute(options, route);
  return path === undefined ? [] : [createUnsubscribeController(path)];
}

/** The path of the one-click route, when the module serves it. */
export function unsubscribeRoute(
  options?: SuppressionModuleOptions,
  route?: string,
): string | undefined {
  return route ?? (options?.unsubscribe ? (options.unsubscribe.route ?? 'unsubscribe') : undefined);
}

/** What `SuppressionModule` exports. */
export const SUPPRESSION_EXPORTS = [
  SuppressionService,
  SUPPRESSION_STORE,
  SUPPRESSION_GATE,
  DIRECT_SEND_GUARD,
];
