import { Module, type DynamicModule } from '@nestjs/common';
import {
  NOTIFICATION_TEMPLATES_ASYNC_OPTIONS_TYPE,
  NotificationTemplatesConfigurableModule,
} from './notification-templates.module-definition.js';
import {
  NotificationTemplates,
  type NotificationTemplatesOptions,
} from './notification-templates.js';
import { createNotificationTemplatesProviders } from './notification-templates.providers.js';

function complete(base: DynamicModule): DynamicModule {
  return {
    ...base,
    global: true,
    providers: [...(base.providers ?? []), ...createNotificationTemplatesProviders()],
    exports: [...(base.exports ?? []), NotificationTemplates],
  };
}

/**
 * Compiles a folder of notification templates at bootstrap (a broken one
 * stops the application with a `TemplateCompileError` naming file and line)
 * and provides `NotificationTemplates` globally: `NotifierModule` renders a
 * notification's channels from its `template` folder in each recipient's locale.
 *
 * @example NotificationTemplatesModule.forRoot({ dir: join(import.meta.dirname, 'templates'), defaultLocale: 'en' })
 */
@Module({})
export class NotificationTemplatesModule extends NotificationTemplatesConfigurableModule {
  static forRoot(options: NotificationTemplatesOptions): DynamicModule {
    return complete(super.forRoot(options));
  }

  /** Options from a factory (`imports`, `inject`, `useFactory`). */
  static forRootAsync(options: typeof NOTIFICATION_TEMPLATES_ASYNC_OPTIONS_TYPE): DynamicModule {
    return complete(super.forRootAsync(options));
  }
}
