import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { InboxModule } from '@herald/notification/inbox';
import { InboxController } from '../inbox/inbox.controller';
import { InboxHooksListener } from '../inbox/inbox-hooks.listener';

/**
 * The inbox on its in-memory store: no database, so neither TypeORM nor a
 * driver is installed; `INBOX_SENT_HOOK` still reaches the event emitter.
 */
@Module({
  imports: [
    EventEmitterModule.forRoot(),
    InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
  ],
  controllers: [InboxController],
  providers: [InboxHooksListener],
})
export class InboxMemoryFeatureModule {}
