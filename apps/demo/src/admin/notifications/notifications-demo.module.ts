import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  InboxProvider,
  NOTIFICATION_ADMIN_OPTIONS,
  NotificationAdminContributor,
} from '@herald/notification';
import { inboxMessageEntity } from '@herald/notification/typeorm';
import { AuthModule } from '../../auth/auth.module.js';
import { AdminShellModule } from '../admin-shell.module.js';
import { InboxDemoSeeder } from './inbox-demo.seeder.js';
import { NotificationsController } from './notifications.controller.js';

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
