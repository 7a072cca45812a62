import { Module } from '@nestjs/common';
import { MailerModule, NotificationModule } from '@herald/notification';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';
import { ChannelsDemoContributor } from './channels-demo.contributor.js';
import { ChannelsDemoController } from './channels-demo.controller.js';

/**
 * SMS, push and email in the demo: `NotificationModule` and `MailerModule`
 * from the Herald configuration, with `log` backends as embedded defaults,
 * and a page at /channels to send through them.
 */
@Module({
  imports: [
    AdminShellModule,
    AuthModule,
    NotificationModule.forRootAsync({
      inject: [DemoEffectiveConfig],
      useFactory: (config: DemoEffectiveConfig) => config.notification,
    }),
    MailerModule.forRootAsync({
      inject: [DemoEffectiveConfig],
      useFactory: (config: DemoEffectiveConfig) => config.notification.mailer,
    }),
  ],
  controllers: [ChannelsDemoController],
  providers: [ChannelsDemoContributor],
})
export class ChannelsDemoModule {}
