import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InboxLiveService, InboxModule } from '@herald/notification/inbox';
import { ConsumerUserGuard } from '../inbox/consumer-user.guard.js';
import { InboxController } from '../inbox/inbox.controller.js';
import { InboxHooksListener } from '../inbox/inbox-hooks.listener.js';
import { InboxTestController } from '../inbox/inbox-test.controller.js';

/**
 * The inbox on its in-memory store: no database, so neither TypeORM nor a
 * driver is installed; `INBOX_SENT_HOOK` still reaches the event emitter, and
 * the routes are the same recipe controller behind the same guard as the
 * database variant's.
 */
@Module({
  imports: [
    EventEmitterModule.forRoot(),
    InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
  ],
  controllers: [InboxController, InboxTestController],
  providers: [
    InboxLiveService,
    InboxHooksListener,
    { provide: APP_GUARD, useClass: ConsumerUserGuard },
  ],
})
export class InboxMemoryFeatureModule {}
