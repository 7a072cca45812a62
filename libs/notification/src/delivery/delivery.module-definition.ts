import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { DeliveryConfig } from './delivery-settings.util.js';

/** `DeliveryModule.forRoot(config?)`: a `DeliveryConfig`, or a partial object laid over YAML and env. */
export type DeliveryConfigInput = DeliveryConfig | Record<string, unknown>;

/**
 * Choices made where `DeliveryModule` is imported: the second argument of
 * `forRoot`, or beside `useFactory` in `forRootAsync`. (Not builder extras:
 * the builder copies the options to strip its extras, and a `DeliveryConfig`
 * copied into a plain object would be laid over YAML and env instead of used as is.)
 */
export interface DeliveryModuleExtras {
  /**
   * Make `DeliveryService` and `DELIVERY_STORE` injectable from every module,
   * not only from those that import `DeliveryModule`.
   * @default false
   */
  isGlobal?: boolean;
}

export const {
  ConfigurableModuleClass: DeliveryConfigurableModule,
  MODULE_OPTIONS_TOKEN: DELIVERY_MODULE_OPTIONS,
  ASYNC_OPTIONS_TYPE: DELIVERY_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<DeliveryConfigInput>({ moduleName: 'HeraldDelivery' })
  .setClassMethodName('forRoot')
  .build();
