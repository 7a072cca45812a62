import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InboxLiveService, InboxModule } from '@herald/notification';
import {
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  CreateInboxMessages1732300000000,
} from '@herald/notification/typeorm';
import { ConsumerUserGuard } from './consumer-user.guard.js';
import { InboxController } from './inbox.controller.js';
import { InboxHooksListener } from './inbox-hooks.listener.js';
import { InboxTestController } from './inbox-test.controller.js';

/** Where the inbox's SQLite lives: better-sqlite3, or sql.js when `CONSUMER_SQLITE=sqljs`. */
function sqlite(): { type: 'better-sqlite3'; database: string } | { type: 'sqljs' } {
  return process.env.CONSUMER_SQLITE === 'sqljs'
    ? { type: 'sqljs' }
    : { type: 'better-sqlite3', database: ':memory:' };
}

/**
 * The inbox on the application's TypeORM `DataSource` (the database store,
 * its migration run at bootstrap) with `INBOX_SENT_HOOK` on the event emitter,
 * its routes served by the recipe controller of examples/inbox.controller.ts
 * (this folder's inbox.controller.ts and current-user.decorator.ts are links
 * to the examples, copied into the app) behind the app's guard.
 */
@Module({
  imports: [
    EventEmitterModule.forRoot(),
    TypeOrmModule.forRoot({
      ...sqlite(),
      migrations: [
        CreateInboxMessages1732300000000,
        AddInboxMessageStates1736200000000,
        CreateInboxCounters1736700000000,
        AddInboxCounterBounds1736800000000,
      ],
      migrationsRun: true,
    }),
    InboxModule.forRoot({ config: { storeBackend: 'database' } }),
  ],
  controllers: [InboxController, InboxTestController],
  providers: [
    InboxLiveService,
    InboxHooksListener,
    { provide: APP_GUARD, useClass: ConsumerUserGuard },
  ],
})
export class InboxFeatureModule {}
