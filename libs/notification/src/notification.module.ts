import { Module, type DynamicModule } from '@nestjs/common';
import {
  NOTIFICATION_ASYNC_OPTIONS_TYPE,
  NotificationConfigurableModule,
  type NotificationConfigInput,
  type NotificationModuleExtras,
} from './notification.module-definition.js';
import {
  createNotificationExports,
  createNotificationProviders,
  type NotificationBuildContext,
} from './notification.providers.js';
import { backendNamesIn } from './registry/backend-names.util.js';

function complete(base: DynamicModule, ctx: NotificationBuildContext): DynamicModule {
  return {
    ...base,
    global: true,
    providers: [...(base.providers ?? []), ...createNotificationProviders(ctx)],
    exports: [...(base.exports ?? []), ...createNotificationExports(ctx)],
  };
}

/**
 * Registers the SMS, push and chat backends of `notification.sms_backends`,
 * `push_backends` and `chat_backends`: each under `getSmsChannelToken(name)` /
 * `getPushChannelToken(name)` / `getChatChannelToken(name)`, the primary one
 * also under `SMS_CHANNEL` / `PUSH_CHANNEL` / `CHAT_CHANNEL` (same instance). Global.
 *
 * Nothing is read while your `AppModule` is evaluated: the YAML file and the
 * `HERALD_*` environment are read, and the config validated, when the
 * application bootstraps, and a problem fails the bootstrap with its path.
 * So the named tokens are those of the backends given in code, plus the
 * names you list for backends configured in YAML or env.
 *
 * @example NotificationModule.forRoot() // YAML + env; SMS_CHANNEL / PUSH_CHANNEL
 * @example NotificationModule.forRoot({}, { smsBackendNames: ['twilio-eu'] }) // + a named token for a YAML backend
 * @example NotificationModule.forRoot({ smsBackends: [{ name: 'tw', primary: true, driver: 'twilio', twilio: {...} }] })
 */
@Module({})
export class NotificationModule extends NotificationConfigurableModule {
  /**
   * The SMS and push backends from `config`; without a config, YAML and env alone.
   *
   * @param config a `NotificationConfig` (used as is) or a partial object laid over YAML and env
   * @param extras names of backends configured outside code that should get named tokens
   */
  static forRoot(
    config: NotificationConfigInput = {},
    extras: NotificationModuleExtras = {},
  ): DynamicModule {
    return complete(super.forRoot(config), {
      smsNames: backendNamesIn(config, 'smsBackends', extras.smsBackendNames),
      pushNames: backendNamesIn(config, 'pushBackends', extras.pushBackendNames),
      chatNames: backendNamesIn(config, 'chatBackends', extras.chatBackendNames),
    });
  }

  /**
   * Config from a factory (`imports`, `inject`, `useFactory` returning a
   * `NotificationConfig` or a partial object). The primary tokens always
   * resolve; list `smsBackendNames` / `pushBackendNames` to also get named tokens.
   */
  static forRootAsync(
    options: typeof NOTIFICATION_ASYNC_OPTIONS_TYPE & NotificationModuleExtras,
  ): DynamicModule {
    const { smsBackendNames = [], pushBackendNames = [], chatBackendNames = [], ...rest } = options;
    return complete(super.forRootAsync(rest), {
      smsNames: [...new Set(smsBackendNames)],
      pushNames: [...new Set(pushBackendNames)],
      chatNames: [...new Set(chatBackendNames)],
    });
  }

  /**
   * For tests: no backends; `SMS_CHANNEL`, `PUSH_CHANNEL` and `CHAT_CHANNEL` are in-memory
   * recorders. The same module as `forRoot`, built from the same provider factories.
   */
  static stub(): DynamicModule {
    return complete(super.forRoot({}), { smsNames: [], pushNames: [], chatNames: [], stub: true });
  }
}
