import { Module } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { MonitorModule } from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';
import { AdminPagesModule } from './admin/admin-pages.module';
import { AdminShellModule } from './admin/admin-shell.module';
import { NotificationsDemoModule } from './admin/notifications/notifications-demo.module';
import { DemoConfigModule } from './config/demo-config.module';
import { DemoEffectiveConfig } from './config/demo-effective.config';
import { DatabaseModule } from './database/database.module';
import { DeliveryDemoModule } from './delivery/delivery-demo.module';
import { HealthModule } from './health/health.module';
import { DemoMetricsModule } from './metrics/demo-metrics.module';
import { TracingDemoModule } from './tracing/tracing-demo.module';
import { HomeController } from './home/home.controller';
import { SloDemoModule } from './slo/slo-demo.module';
import { ErrorsDemoModule } from './errors/errors-demo.module';
import { ChannelsDemoModule } from './notifications/channels-demo.module';
import { PreferencesDemoModule } from './preferences/preferences-demo.module';
import { SuppressionDemoModule } from './suppression/suppression-demo.module';

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
