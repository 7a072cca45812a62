import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { NotifierModuleOptions } from './notifier-options.interface.js';

export const {
  ConfigurableModuleClass: NotifierConfigurableModule,
  MODULE_OPTIONS_TOKEN: NOTIFIER_MODULE_OPTIONS,
  OPTIONS_TYPE: NOTIFIER_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: NOTIFIER_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<NotifierModuleOptions>({ moduleName: 'HeraldNotifier' })
  .setClassMethodName('forRoot')
  .build();
