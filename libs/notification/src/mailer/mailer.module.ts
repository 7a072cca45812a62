import { Module, type DynamicModule } from '@nestjs/common';
import { MailerConfig } from '@herald/contracts';
import {
  MAILER_ASYNC_OPTIONS_TYPE,
  MailerConfigurableModule,
  type MailerConfigInput,
  type MailerModuleExtras,
} from './mailer.module-definition.js';
import { backendNamesIn } from '../registry/backend-names.util.js';
import {
  createMailerExports,
  createMailerProviders,
  type MailerBuildContext,
} from './mailer.providers.js';

function complete(base: DynamicModule, ctx: MailerBuildContext): DynamicModule {
  return {
    ...base,
    global: true,
    providers: [...(base.providers ?? []), ...createMailerProviders(ctx)],
    exports: [...(base.exports ?? []), ...createMailerExports(ctx)],
  };
}

/**
 * Registers the mail backends of `notification.mailer.backends`: each under
 * `getMailerToken(name)`, the primary one also under `MAILER` (same
 * instance). Global. Nothing is read while your `AppModule` is evaluated;
 * config errors fail the bootstrap with their path.
 *
 * @example MailerModule.forRoot({ backends: [{ name: 'smtp', primary: true, driver: 'smtp', fromEmail: 'noreply@example.com', smtp: { host: 'localhost', port: 587 } }] })
 */
@Module({})
export class MailerModule extends MailerConfigurableModule {
  /**
   * The mailer backends from `config`. Reads nothing until bootstrap (YAML and env are
   * read, and the config validated, by a provider factory).
   *
   * @param config a `MailerConfig` (used as is) or `{ backends }` laid over YAML and env
   * @param extras `backendNames`: mail backends configured outside code that should get named tokens
   */
  static forRoot(config: MailerConfigInput = {}, extras: MailerModuleExtras = {}): DynamicModule {
    return complete(super.forRoot(config), {
      names: backendNamesIn(config, 'backends', extras.backendNames),
    });
  }

  /**
   * Config from a factory (`imports`, `inject`, `useFactory` returning a
   * `MailerConfig` or `{ backends }`). `MAILER` always resolves; list
   * `backendNames` to also get named tokens.
   */
  static forRootAsync(
    options: typeof MAILER_ASYNC_OPTIONS_TYPE & MailerModuleExtras,
  ): DynamicModule {
    const { backendNames = [], ...rest } = options;
    return complete(super.forRootAsync(rest), { names: [...new Set(backendNames)] });
  }

  /**
   * For tests: without a config, `MAILER` is an `InMemoryMailer`; with one,
   * exactly that config (YAML and env ignored). The same module as `forRoot`,
   * built from the same provider factories.
   */
  static stub(config?: MailerConfigInput): DynamicModule {
    if (config === undefined)
      return complete(super.forRoot(new MailerConfig({})), { names: [], memory: true });
    const explicit = config instanceof MailerConfig ? config : new MailerConfig(config);
    return complete(super.forRoot(explicit), { names: backendNamesIn(explicit, 'backends') });
  }
}
