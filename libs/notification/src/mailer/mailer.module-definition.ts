import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { MailerConfig } from '@herald/contracts';

/**
 * What `MailerModule.forRoot(config)` takes: a `MailerConfig`, used as is, or
 * a partial plain object (`{ backends: [...] }`, camelCase or snake_case keys)
 * laid over `notification.mailer` from YAML and env.
 */
export type MailerConfigInput = MailerConfig | Record<string, unknown>;

/**
 * Names known while the module is declared: the second argument of `forRoot`,
 * or part of the `forRootAsync` options. (Not builder extras: those would copy
 * the options and lose the `MailerConfig` class.)
 */
export interface MailerModuleExtras {
  /**
   * Mail backends to bind under `getMailerToken(name)` (`@InjectMailer(name)`)
   * that are configured outside code (YAML, env, a factory). Backends given to
   * `forRoot(config)` get their named tokens without being listed. A listed
   * name that is not configured fails the bootstrap.
   * @default []
   * @example MailerModule.forRoot({}, { backendNames: ['smtp-eu'] })
   */
  backendNames?: string[];
}

export const {
  ConfigurableModuleClass: MailerConfigurableModule,
  MODULE_OPTIONS_TOKEN: MAILER_MODULE_OPTIONS,
  OPTIONS_TYPE: MAILER_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: MAILER_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<MailerConfigInput>({ moduleName: 'HeraldMailer' })
  .setClassMethodName('forRoot')
  .build();
