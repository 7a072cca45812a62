import { Module } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { InboxModule } from '@herald/notification/inbox';
import { heraldMigrations, inboxMessageEntity } from '@herald/notification/typeorm';
import { InboxController } from '../inbox.controller.js';

export const dataSource = new DataSource({
  type: 'postgres',
  url: process.env.DATABASE_URL,
  entities: [inboxMessageEntity()], // optional: only to query the table with a repository
  migrations: heraldMigrations(), // every table Herald uses, herald_inbox_messages among them
  migrationsRun: true, // run them when the data source is initialised
});

@Module({
  // store_backend database (the default) needs the DataSource; `{ storeBackend: 'memory' }` does not.
  // Herald initialises a DataSource it is handed at bootstrap when you have not (and then
  // destroys it at shutdown), so the migrations above run before the first send.
  imports: [InboxModule.forRoot({ dataSource })],
  controllers: [InboxController], // a controller goes under `controllers`, never `providers`
})
export class NotificationsModule {}
