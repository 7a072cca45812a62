import { ConfigurableModuleBuilder } from '@nestjs/common';
import { INBOX_OPTIONS } from './inbox.constants.js';
import type { InboxModuleOptions } from './inbox-options.interface.js';

/** Static choices made where `InboxModule` is imported (builder extras). */
export interface InboxModuleExtras {
  /**
   * Make `InboxService` and `INBOX_STORE` injectable from every module, not
   * only from those that import `InboxModule`.
   * @default false
   */
  isGlobal?: boolean;
}

export const {
  ConfigurableModuleClass: InboxConfigurableModule,
  MODULE_OPTIONS_TOKEN: INBOX_MODULE_OPTIONS,
  OPTIONS_TYPE: INBOX_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: INBOX_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<InboxModuleOptions>({
  moduleName: 'HeraldInbox',
  // The token `InboxProvider` and `createInboxProviders(options)` bind too, so all three read it alike.
  optionsInjectionToken: INBOX_OPTIONS,
})
  .setClassMethodName('forRoot')
  .setExtras<InboxModuleExtras>({ isGlobal: false }, (definition, extras) => ({
    ...definition,
    global: extras.isGlobal,
  }))
  .build();
