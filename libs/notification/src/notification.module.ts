import { Module, type DynamicModule } from '@nestjs/common';
import {
  NOTIFICATION_ASYNC_OPTIONS_TYPE,
  NotificationConfigurableModule,
  type NotificationConfigInput,
  type NotificationModuleExtras,
} from './notification.module-definition';
import {
  createNotificationExports,
  createNotificationProviders,
  resolveNotificationConfig,
  type NotificationBuildContext,
} from './notification.providers';

function complete(base: DynamicModule, ctx: NotificationBuildContext): DynamicModule {
  return {
    ...base,
    global: true,
    providers: [...(base.providers ?? []), ...createNotificationProviders(ctx)],
    exports: [...(base.exports ?? []), ...createNotificationExports(ctx)],
  };
}

/**
 * Registers the SMS and push backends of `notification.sms_backends` and
 * `push_backends`: each under `getSmsChannelToken(name)` /
 * `getPushChannelToken(name)`, the primary one also under `SMS_CHANNEL` /
 * `PUSH_CHANNEL` (same instance). Global. Config errors fail at bootstrap with
 * their path.
 *
 * @example NotificationModule.forRoot() // YAML + env
 * @example NotificationModule.forRoot({ smsBackends: [{ name: 'tw', primary: true, driver: 'twilio', twilio: {...} }] })
 */
@Module({})
export class NotificationModule extends NotificationConfigurableModule {
  /** SPEC `configure(config)`; without a config, YAML and env alone. */
  static forRoot(config: NotificationConfigInput = {}): DynamicModule {
    const ctx: NotificationBuildContext = { smsNames: [], pushNames: [] };
    try {
      ctx.resolved = resolveNotificationConfig(config);
      ctx.smsNames = ctx.resolved.smsBackends.map((b) => b.name);
      ctx.pushNames = ctx.resolved.pushBackends.map((b) => b.name);
    } catch (error) {
      ctx.failure = error; // rethrown by the config provider, at bootstrap
    }
    return complete(super.forRoot(config), ctx);
  }

  /**
   * Config from a factory (`imports`, `inject`, `useFactory` returning a
   * `NotificationConfig` or a partial object). The primary tokens always
   * resolve; list `smsBackendNames` / `pushBackendNames` to also get named tokens.
   */
  static forRootAsync(
    options: typeof NOTIFICATION_ASYNC_OPTIONS_TYPE & NotificationModuleExtras,
  ): DynamicModule {
    const { smsBackendNames = [], pushBackendNames = [], ...rest } = options;
    return complete(super.forRootAsync(rest), {
      smsNames: smsBackendNames,
      pushNames: pushBackendNames,
    });
  }

  /** SPEC `stub()`: no backends; `SMS_CHANNEL` and `PUSH_CHANNEL` are in-memory recorders. */
  static stub(): DynamicModule {
    return complete(super.forRoot({}), { smsNames: [], pushNames: [], stub: true });
  }
}
