import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { DeliveryConfig } from './delivery-settings.util';

/** `DeliveryModule.forRoot(config?)`: a `DeliveryConfig`, or a partial object laid over YAML and env. */
export type DeliveryConfigInput = DeliveryConfig | Record<string, unknown>;

export const {
  ConfigurableModuleClass: DeliveryConfigurableModule,
  MODULE_OPTIONS_TOKEN: DELIVERY_MODULE_OPTIONS,
  ASYNC_OPTIONS_TYPE: DELIVERY_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DeliveryConfigInput>({ moduleName: 'HeraldDelivery' })
  .setClassMethodName('forRoot')
  .build();
