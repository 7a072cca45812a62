import { ConfigurableModuleBuilder } from '@nestjs/common';
import type {
  NotificationWebhooksExtras,
  NotificationWebhooksOptions,
} from './webhooks-options.interface.js';

export const {
  ConfigurableModuleClass: NotificationWebhooksConfigurableModule,
  MODULE_OPTIONS_TOKEN: NOTIFICATION_WEBHOOKS_OPTIONS,
  OPTIONS_TYPE: NOTIFICATION_WEBHOOKS_OPTIONS_TYPE,
  ASYNC_OPTIONS_TYPE: NOTIFICATION_WEBHOOKS_ASYNC_OPTIONS_TYPE,
} = new ConfigurableModuleBuilder<NotificationWebhooksOptions>({
  moduleName: 'HeraldNotificationWebhooks',
})
  .setClassMethodName('forRoot')
  .setExtras<NotificationWebhooksExtras>({ routes: {} }, (definition) => definition)
  .build();
