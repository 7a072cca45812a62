import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { MailerConfig } from '@herald/contracts';

/**
 * What `MailerModule.forRoot(config)` takes: a `MailerConfig`, used as is, or
 * a partial plain object (`{ backends: [...] }`, camelCase or snake_case keys)
 * laid over `notification.mailer` from YAML and env.
 */
export type MailerConfigInput = MailerConfig | Record<string, unknown>;

/** Static choice of `forRootAsync`: names bound under `getMailerToken(name)`. */
export interface MailerModuleExtras {
  /** @default [] */
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
