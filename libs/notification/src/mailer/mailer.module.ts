import { Module, type DynamicModule } from '@nestjs/common';
import { MailerConfig } from '@herald/contracts';
import {
  MAILER_ASYNC_OPTIONS_TYPE,
  MailerConfigurableModule,
  type MailerConfigInput,
  type MailerModuleExtras,
} from './mailer.module-definition';
import {
  createMailerExports,
  createMailerProviders,
  resolveMailerConfig,
  type MailerBuildContext,
} from './mailer.providers';

function complete(base: DynamicModule, ctx: MailerBuildContext): DynamicModule {
  return {
    ...base,
    global: true,
    providers: [...(base.providers ?? []), ...createMailerProviders(ctx)],
    exports: [...(base.exports ?? []), ...createMailerExports(ctx)],
  };
}

function eager(config: MailerConfigInput, memory = false): MailerBuildContext {
  const ctx: MailerBuildContext = { names: [], memory };
  try {
    ctx.resolved = resolveMailerConfig(config);
    ctx.names = ctx.resolved.backends.map((b) => b.name);
  } catch (error) {
    ctx.failure = error; // rethrown by the config provider, at bootstrap
  }
  return ctx;
}

/**
 * Registers the mail backends of `notification.mailer.backends`: each under
 * `getMailerToken(name)`, the primary one also under `MAILER` (same
 * instance). Global. Config errors fail at bootstrap with their path.
 *
 * @example MailerModule.forRoot({ backends: [{ name: 'smtp', primary: true, driver: 'smtp', fromEmail: 'noreply@example.com', smtp: { host: 'localhost', port: 587 } }] })
 */
@Module({})
export class MailerModule extends MailerConfigurableModule {
  /** SPEC `configure(config)`. */
  static forRoot(config: MailerConfigInput = {}): DynamicModule {
    return complete(super.forRoot(config), eager(config));
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
    return complete(super.forRootAsync(rest), { names: backendNames });
  }

  /**
   * SPEC `stub(config=None)`: for tests. Without a config, `MAILER` is an
   * `InMemoryMailer`; with one, exactly that config (YAML and env ignored).
   */
  static stub(config?: MailerConfigInput): DynamicModule {
    if (config === undefined)
      return complete(super.forRoot(new MailerConfig({})), eager(new MailerConfig({}), true));
    const explicit = config instanceof MailerConfig ? config : new MailerConfig(config);
    return complete(super.forRoot(explicit), eager(explicit));
  }
}
