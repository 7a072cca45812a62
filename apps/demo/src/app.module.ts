import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { MonitorModule } from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';
import { AdminPagesModule } from './admin/admin-pages.module.js';
import { AdminShellModule } from './admin/admin-shell.module.js';
import { NotificationsDemoModule } from './admin/notifications/notifications-demo.module.js';
import { DemoConfigModule } from './config/demo-config.module.js';
import { DemoEffectiveConfig } from './config/demo-effective.config.js';
import { DatabaseModule } from './database/database.module.js';
import { DeliveryDemoModule } from './delivery/delivery-demo.module.js';
import { HealthModule } from './health/health.module.js';
import { DemoMetricsModule } from './metrics/demo-metrics.module.js';
import { TracingDemoModule } from './tracing/tracing-demo.module.js';
import { HomeController } from './home/home.controller.js';
import { SloDemoModule } from './slo/slo-demo.module.js';
import { ErrorsDemoModule } from './errors/errors-demo.module.js';
import { ChannelsDemoModule } from './notifications/channels-demo.module.js';
import { PreferencesDemoModule } from './preferences/preferences-demo.module.js';
import { PreviewsDemoModule } from './previews/previews-demo.module.js';
import { SuppressionDemoModule } from './suppression/suppression-demo.module.js';

/**
 * The demo application. It runs on embedded defaults: no configuration file,
 * no external service. Each Herald capability adds its module here.
 */
@Module({
  imports: [
    DemoConfigModule,
    EventEmitterModule.forRoot(),
    ObservabilityModule,
    MonitorModule.forRootAsync({
      useFactory: (config: DemoEffectiveConfig) => ({ config: config.monitor }),
      inject: [DemoEffectiveConfig],
      slo: true,
    }),
    DatabaseModule,
    AdminShellModule,
    AdminPagesModule,
    NotificationsDemoModule,
    DeliveryDemoModule,
    PreviewsDemoModule,
    PreferencesDemoModule,
    ChannelsDemoModule,
    SuppressionDemoModule,
    HealthModule,
    DemoMetricsModule,
    TracingDemoModule,
    SloDemoModule,
    ErrorsDemoModule,
  ],
  controllers: [HomeController],
})
export class AppModule {}
