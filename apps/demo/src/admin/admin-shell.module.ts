import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AdminShellService } from './admin-shell.service.js';
import { RealtimeHub } from './realtime/realtime-hub.service.js';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';
import { REALTIME_OPTIONS } from './realtime/realtime.options.js';
import { InboxBundleController } from './assets/inbox-bundle.controller.js';
import { InboxBundleService } from './assets/inbox-bundle.service.js';

/**
 * The admin shell, global so that every demo feature module can render pages
 * in it and reach the realtime hub without importing it. It also serves the
 * `<herald-inbox>` bundle its topbar loads (`/assets/herald-inbox-<hash>.js`).
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  controllers: [InboxBundleController],
  providers: [
    AdminShellService,
    InboxBundleService,
    RealtimeHub,
    {
      provide: REALTIME_OPTIONS,
      useFactory: (config: DemoEffectiveConfig) => config.realtime,
      inject: [DemoEffectiveConfig],
    },
  ],
  exports: [AdminShellService, RealtimeHub, InboxBundleService],
})
export class AdminShellModule {}
