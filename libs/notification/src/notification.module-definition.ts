import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { NotificationConfig } from '@herald/contracts';

/**
 * What `NotificationModule.forRoot(config?)` takes: a `NotificationConfig`,
 * used as is, or a partial plain object (camelCase or snake_case keys) laid
 * over what `loadHeraldConfig()` reads from YAML and env.
 */
export type NotificationConfigInput = NotificationConfig | Record<string, unknown>;

/**
 * Names known while the module is declared, before any config is read: the
 * second argument of `forRoot`, or part of the `forRootAsync` options. (Not
 * builder extras: those would copy the options and lose the `NotificationConfig` class.)
 */
export interface NotificationModuleExtras {
  /**
   * SMS backends to bind under `getSmsChannelToken(name)` (`@InjectSmsChannel(name)`)
   * that are configured outside code (YAML, env, a factory). Backends given to
   * `forRoot(config)` get their named tokens without being listed. A listed
   * name that is not configured fails the bootstrap.
   * @default []
   * @example NotificationModule.forRoot({}, { smsBackendNames: ['twilio-eu'] })
   */
  smsBackendNames?: string[];
  /** Same for `getPushChannelToken(name)` (`@InjectPushChannel(name)`). @default [] */
  pushBackendNames?: string[];
  /** Same for `getChatChannelToken(name)` (`@InjectChatChannel(name)`). @default [] */
  chatBackendNames?: string[];
}

export const {
  ConfigurableModuleClass: NotificationConfigurableModule,
  MODULE_OPTIONS_TOKEN: NOTIFICATION_MODULE_OPTIONS,
  OPTIONS_TYPE: NOTIFICATION_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: NOTIFICATION_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<NotificationConfigInput>({ moduleName: 'HeraldNotification' })
  .setClassMethodName('forRoot')
  .build();
