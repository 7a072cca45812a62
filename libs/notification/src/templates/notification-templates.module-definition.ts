import { ConfigurableModuleBuilder } from '@nestjs/common';
import type { NotificationTemplatesOptions } from './notification-templates.js';

export const {
  ConfigurableModuleClass: NotificationTemplatesConfigurableModule,
  MODULE_OPTIONS_TOKEN: NOTIFICATION_TEMPLATES_OPTIONS,
  ASYNC_OPTIONS_TYPE: NOTIFICATION_TEMPLATES_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<NotificationTemplatesOptions>({
  moduleName: 'HeraldNotificationTemplates',
})
  .setClassMethodName('forRoot')
  .build();
