import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { AdminShellService } from './admin-shell.service.js';
import { RealtimeHub } from './realtime/realtime-hub.service.js';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';
import { REALTIME_OPTIONS } from './realtime/realtime.options.js';

/**
 * The admin shell, global so that every demo feature module can render pages
 * in it and reach the realtime hub without importing it.
 */
@Global()
@Module({
  imports: [DiscoveryModule],
  providers: [
    AdminShellService,
    RealtimeHub,
    {
      provide: REALTIME_OPTIONS,
      useFactory: (config: DemoEffectiveConfig) => config.realtime,
      inject: [DemoEffectiveConfig],
    },
  ],
  exports: [AdminShellService, RealtimeHub],
})
export class AdminShellModule {}
