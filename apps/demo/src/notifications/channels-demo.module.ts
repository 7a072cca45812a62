import { Module } from '@nestjs/common';
import { HeraldConfig } from '@herald/contracts';
import { MailerModule, NotificationModule } from '@herald/notification';
import { AdminShellModule } from '../admin/admin-shell.module';
import { AuthModule } from '../auth/auth.module';
import { ChannelsDemoContributor } from './channels-demo.contributor';
import { ChannelsDemoController } from './channels-demo.controller';
import { demoMailerConfig, demoNotificationConfig } from './demo-channel-defaults';

/**
 * SMS, push and email in the demo: `NotificationModule` and `MailerModule`
 * from the Herald configuration, with `log` backends as embedded defaults,
 * and a page at /channels to send through them.
 */
@Module({
  imports: [
    AdminShellModule,
    AuthModule,
    NotificationModule.forRootAsync({ inject: [HeraldConfig], useFactory: demoNotificationConfig }),
    MailerModule.forRootAsync({ inject: [HeraldConfig], useFactory: demoMailerConfig }),
  ],
  controllers: [ChannelsDemoController],
  providers: [ChannelsDemoContributor],
})
export class ChannelsDemoModule {}
