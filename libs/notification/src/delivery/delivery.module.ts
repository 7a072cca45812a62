import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigSection, loadHeraldConfig } from '@herald/contracts';
import {
  DELIVERY_ASYNC_OPTIONS_TYPE,
  DELIVERY_MODULE_OPTIONS,
  DeliveryConfigurableModule,
  type DeliveryConfigInput,
  type DeliveryModuleExtras,
} from './delivery.module-definition.js';
import { createDeliveryProviders, DELIVERY_EXPORTS } from './delivery.providers.js';
import type { DeliveryConfig } from './delivery-settings.util.js';

/** A `DeliveryConfig` is validated as is; a plain object is laid over `notification.delivery` from YAML and env. */
export function resolveDeliveryConfig(input?: DeliveryConfigInput): DeliveryConfig {
  if (input instanceof ConfigSection) {
    return (input as DeliveryConfig).validate('notification.delivery');
  }
  const overrides =
    input && Object.keys(input).length > 0 ? { notification: { delivery: input } } : undefined;
  return loadHeraldConfig({ overrides }).notification.delivery;
}

function complete(base: DynamicModule, extras: DeliveryModuleExtras): DynamicModule {
  return {
    ...base,
    global: extras.isGlobal ?? false,
    providers: [
      ...(base.providers ?? []),
      ...createDeliveryProviders({
        inject: DELIVERY_MODULE_OPTIONS,
        select: resolveDeliveryConfig,
      }),
    ],
    exports: [...(base.exports ?? []), ...DELIVERY_EXPORTS],
  };
}

/**
 * Reliable delivery on its own, for channels you build yourself: exports
 * `DeliveryService` (register backends, then wrap them in `ReliableSmsChannel`,
 * `ReliablePushChannel`, `ReliableMailer`) and `DELIVERY_STORE`. With
 * `NotificationModule`, set `notification.delivery.enabled` instead: the
 * configured backends are wrapped for you.
 *
 * @example DeliveryModule.forRoot({ enabled: true, queue: 'bullmq', store: 'database' })
 * @example DeliveryModule.forRootAsync({ inject: [ConfigService], useFactory: (c: ConfigService) => c.get('delivery'), isGlobal: true })
 */
@Module({})
export class DeliveryModule extends DeliveryConfigurableModule {
  /**
   * @param config a `DeliveryConfig` (used as is) or a partial object laid over YAML and env
   * @param extras `isGlobal`
   */
  static forRoot(
    config: DeliveryConfigInput = {},
    extras: DeliveryModuleExtras = {},
  ): DynamicModule {
    return complete(super.forRoot(config), extras);
  }

  /** Config from a factory (`imports`, `inject`, `useFactory`); `isGlobal` beside them. */
  static forRootAsync(
    options: typeof DELIVERY_ASYNC_OPTIONS_TYPE & DeliveryModuleExtras,
  ): DynamicModule {
    const { isGlobal, ...rest } = options;
    return complete(super.forRootAsync(rest), { isGlobal });
  }
}
