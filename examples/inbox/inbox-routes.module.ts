import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InboxLiveService, InboxModule } from '@herald/notification/inbox';
import { InboxController } from '../inbox.controller.js';
import { InboxPreferencesController } from './inbox-preferences.controller.js';
import { APP_TOPICS, INBOX_TOPICS } from './inbox-topics.js';
import { dataSource } from './inbox.module.js';

// Every route of the inbox contract. InboxLiveService follows InboxService's events
// (EventEmitterModule) for GET stream; the preferences routes need the notifier's
// NotificationPreferencesService (NotifierModule.forRoot(...), global) and your topics.
@Module({
  imports: [EventEmitterModule.forRoot(), InboxModule.forRoot({ dataSource })],
  controllers: [InboxController, InboxPreferencesController],
  providers: [InboxLiveService, { provide: INBOX_TOPICS, useValue: APP_TOPICS }],
})
export class InboxRoutesModule {}
