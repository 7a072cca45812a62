import { Module, type DynamicModule } from '@nestjs/common';
import { SuppressionConfigurableModule } from './suppression.module-definition.js';
import {
  createSuppressionControllers,
  createSuppressionProviders,
  SUPPRESSION_EXPORTS,
  unsubscribeRoute,
} from './suppression.providers.js';
import { unsubscribeBodyReader } from './unsubscribe/unsubscribe-body.reader.js';
import type { SuppressionModuleOptions } from './suppression-options.interface.js';
import type { ConfigurableModuleAsyncOptions } from '@nestjs/common';

function complete(base: DynamicModule, route: string | undefined): DynamicModule {
  return {
    ...base,
    global: true,
    controllers: createSuppressionControllers(undefined, route),
    providers: [
      ...(base.providers ?? []),
      ...createSuppressionProviders(),
      ...unsubscribeBodyReader(route),
    ],
    exports: [...(base.exports ?? []), ...SUPPRESSION_EXPORTS],
  };
}

/**
 * The suppression list (`SuppressionService`): addresses that hard-bounced,
 * complained, texted STOP, unsubscribed or whose push token is gone get
 * nothing more. Every SMS, push and mail send through reliable delivery
 * (direct channel and mailer sends and `notify()`) consults it first and is
 * recorded `suppressed` instead of reaching the provider (a direct `send()`
 * rejects with `DeliverySuppressedError`); `NotifierModule` runs its gate
 * first. It listens to the status webhooks' events, and with `unsubscribe`
 * adds RFC 8058 one-click unsubscribe to non-transactional mail and serves
 * the endpoint. Global. With reliable delivery off, the SMS, push and mail
 * backends of `NotificationModule` and `MailerModule` check the list on
 * every direct `send()` the same way (in any module import order).
 *
 * @example
 * SuppressionModule.forRoot({ store: 'database', unsubscribe: { secret: process.env.UNSUBSCRIBE_SECRET!, url: 'https://app.example.com/unsubscribe' } })
 */
@Module({})
export class SuppressionModule extends SuppressionConfigurableModule {
  static forRoot(options: SuppressionModuleOptions = {}): DynamicModule {
    return complete(super.forRoot(options), unsubscribeRoute(options));
  }

  /**
   * Options from a factory. The unsubscribe controller's route must be known
   * when the module is declared: give `unsubscribeRoute` to serve it.
   */
  static forRootAsync(
    options: ConfigurableModuleAsyncOptions<SuppressionModuleOptions> & {
      unsubscribeRoute?: string;
    },
  ): DynamicModule {
    const { unsubscribeRoute, ...rest } = options;
    return complete(super.forRootAsync(rest), unsubscribeRoute);
  }
}
