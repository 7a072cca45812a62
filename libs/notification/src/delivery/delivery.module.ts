import { Module, type DynamicModule } from '@nestjs/common';
import { ConfigSection, loadHeraldConfig } from '@herald/contracts';
import {
  DELIVERY_ASYNC_OPTIONS_TYPE,
  DELIVERY_MODULE_OPTIONS,
  DeliveryConfigurableModule,
  type DeliveryConfigInput,
} from './delivery.module-definition';
import { createDeliveryProviders, DELIVERY_EXPORTS } from './delivery.providers';
import type { DeliveryConfig } from './delivery-settings.util';

/** A `DeliveryConfig` is validated as is; a plain object is laid over `notification.delivery` from YAML and env. */
export function resolveDeliveryConfig(input?: DeliveryConfigInput): DeliveryConfig {
  if (input instanceof ConfigSection) {
    return (input as DeliveryConfig).validate('notification.delivery');
  }
  const overrides =
    input && Object.keys(input).length > 0 ? { notification: { delivery: input } } : undefined;
  return loadHeraldConfig({ overrides }).notification.delivery;
}

function complete(base: DynamicModule): DynamicModule {
  return {
    ...base,
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
 */
@Module({})
export class DeliveryModule extends DeliveryConfigurableModule {
  static forRoot(config: DeliveryConfigInput = {}): DynamicModule {
    return complete(super.forRoot(config));
  }

  static forRootAsync(options: typeof DELIVERY_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRootAsync(options));
  }
}
