import { Module } from '@nestjs/common';
import { InboxProvider, InboxService } from '@herald/notification/inbox';
import { InboxController } from '../inbox.controller.js';
import { Builds } from './inbox-usage.js';

// Without InboxModule: list InboxProvider in ONE module and export InboxService from it
// (each listing creates its own service, store and retention job). The database store
// (the default) finds the application's TypeORM DataSource (TypeOrmModule.forRoot(...)).
@Module({
  providers: [...InboxProvider, Builds],
  controllers: [InboxController],
  exports: [InboxService],
})
export class InboxFeatureModule {}
