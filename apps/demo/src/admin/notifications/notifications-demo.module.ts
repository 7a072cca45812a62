import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  InboxProvider,
  NOTIFICATION_ADMIN_OPTIONS,
  NotificationAdminContributor,
} from '@herald/notification';
import { inboxMessageEntity } from '@herald/notification/typeorm';
import { AuthModule } from '../../auth/auth.module';
import { AdminShellModule } from '../admin-shell.module';
import { InboxDemoSeeder } from './inbox-demo.seeder';
import { NotificationsController } from './notifications.controller';

/**
 * The inbox in the demo: `InboxProvider` (database store on the demo's
 * DataSource, config from HeraldConfig), the notification admin contributor
 * (page, bell, realtime bridge, `notifications.inbox` health check), the admin
 * routes and demo seed data.
 */
@Module({
  imports: [TypeOrmModule.forFeature([inboxMessageEntity()]), AuthModule, AdminShellModule],
  controllers: [NotificationsController],
  providers: [
    ...InboxProvider,
    NotificationAdminContributor,
    { provide: NOTIFICATION_ADMIN_OPTIONS, useValue: { testSendForm: true } },
    InboxDemoSeeder,
  ],
})
export class NotificationsDemoModule {}
