import { Module, type DynamicModule } from '@nestjs/common';
import {
  NOTIFIER_ASYNC_OPTIONS_TYPE,
  NotifierConfigurableModule,
} from './notifier.module-definition.js';
import { createNotifierProviders, NOTIFIER_EXPORTS } from './notifier.providers.js';
import type { NotifierModuleExtras, NotifierModuleOptions } from './notifier-options.interface.js';

function complete(base: DynamicModule, extras: NotifierModuleExtras): DynamicModule {
  return {
    ...base,
    global: true,
    imports: [...(base.imports ?? []), ...(extras.imports ?? [])],
    providers: [...(base.providers ?? []), ...createNotifierProviders(extras)],
    exports: [...(base.exports ?? []), ...NOTIFIER_EXPORTS],
  };
}

/**
 * "Notify a person, not a channel": `NotifierService` (also `NOTIFIER`,
 * `@InjectNotifier()`) and `DeviceTokenService`, on top of what the
 * application already has: the SMS and push backends of `NotificationModule`,
 * the mail backends of `MailerModule`, `InboxService`, and reliable delivery
 * (`DeliveryService`: records, retries, inline or the BullMQ queue) from
 * `NotificationModule` (or a `DeliveryModule` you import). Global.
 *
 * Classes go in the second argument (`forRoot`) or beside the async options:
 * custom `channels`, `gates`, a `resolver` of user ids, a `digester`.
 *
 * @example
 * NotifierModule.forRoot({ store: 'database' }, { resolver: UsersRecipientResolver, channels: [SlackChannel], imports: [UsersModule] })
 */
@Module({})
export class NotifierModule extends NotifierConfigurableModule {
  static forRoot(
    options: NotifierModuleOptions = {},
    extras: NotifierModuleExtras = {},
  ): DynamicModule {
    return complete(super.forRoot(options), extras);
  }

  /** Options from a factory (`imports`, `inject`, `useFactory`), classes beside them. */
  static forRootAsync(
    options: typeof NOTIFIER_ASYNC_OPTIONS_TYPE & Omit<NotifierModuleExtras, 'imports'>,
  ): DynamicModule {
    const { channels, gates, resolver, digester, digests, ...rest } = options;
    return complete(super.forRootAsync(rest), { channels, gates, resolver, digester, digests });
  }
}
