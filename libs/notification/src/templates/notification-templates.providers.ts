import type { Provider } from '@nestjs/common';
import { NOTIFICATION_TEMPLATES_OPTIONS } from './notification-templates.module-definition.js';
import {
  NotificationTemplates,
  type NotificationTemplatesOptions,
} from './notification-templates.js';

/** `NotificationTemplates`, compiled while the application bootstraps. */
export function createNotificationTemplatesProviders(): Provider[] {
  return [
    {
      provide: NotificationTemplates,
      useFactory: (options: NotificationTemplatesOptions) => NotificationTemplates.compile(options),
      inject: [NOTIFICATION_TEMPLATES_OPTIONS],
    },
  ];
}
