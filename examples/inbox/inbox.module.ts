import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InboxModule } from '@herald/notification/inbox';
import { CreateInboxMessages1732300000000, inboxMessageEntity } from '@herald/notification/typeorm';
import { InboxController } from '../inbox.controller.js';

export const dataSource = new DataSource({
  type: 'postgres',
  url: process.env.DATABASE_URL,
  entities: [inboxMessageEntity()], // optional: only to query the table with a repository
  migrations: [CreateInboxMessages1732300000000], // table herald_inbox_messages
});

@Module({
  // store_backend database (the default) needs the DataSource; `{ storeBackend: 'memory' }` does not
  imports: [InboxModule.forRoot({ dataSource })],
  controllers: [InboxController], // a controller goes under `controllers`, never `providers`
})
export class NotificationsModule {}
