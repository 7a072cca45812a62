import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { SuppressionModuleOptions } from './suppression-options.interface.js';

export const {
  ConfigurableModuleClass: SuppressionConfigurableModule,
  MODULE_OPTIONS_TOKEN: SUPPRESSION_MODULE_OPTIONS,
} = new ConfigurableModuleBuilder<SuppressionModuleOptions>({ moduleName: 'HeraldSuppression' })
  .setClassMethodName('forRoot')
  .build();
