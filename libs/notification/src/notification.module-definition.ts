import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { NotificationConfig } from '@herald/contracts';

/**
 * What `NotificationModule.forRoot(config?)` takes: a `NotificationConfig`,
 * used as is, or a partial plain object (camelCase or snake_case keys) laid
 * over what `loadHeraldConfig()` reads from YAML and env.
 */
export type NotificationConfigInput = NotificationConfig | Record<string, unknown>;

/**
 * Static choices of `forRootAsync`, known before the factory runs. (Not builder
 * extras: those would copy the options and lose the `NotificationConfig` class.)
 */
export interface NotificationModuleExtras {
  /**
   * Names of the SMS backends to bind under `getSmsChannelToken(name)` when
   * the config comes from a factory (`forRoot` finds them itself).
   * @default []
   */
  smsBackendNames?: string[];
  /** Same for `getPushChannelToken(name)`. @default [] */
  pushBackendNames?: string[];
}

export const {
  ConfigurableModuleClass: NotificationConfigurableModule,
  MODULE_OPTIONS_TOKEN: NOTIFICATION_MODULE_OPTIONS,
  OPTIONS_TYPE: NOTIFICATION_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: NOTIFICATION_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<NotificationConfigInput>({ moduleName: 'HeraldNotification' })
  .setClassMethodName('forRoot')
  .build();
