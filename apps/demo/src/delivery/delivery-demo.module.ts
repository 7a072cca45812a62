import { Module, type OnModuleInit } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  METRICS_COLLECTOR,
  NamedSMSConfig,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import {
  createSmsChannel,
  DeliveryModule,
  DeliveryService,
  DeliveryTelemetry,
} from '@herald/notification';
import { deliveryRecordEntity } from '@herald/notification/typeorm';
import { Inject, Optional } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module';
import { AuthModule } from '../auth/auth.module';
import { DemoEffectiveConfig } from '../config/demo-effective.config';
import { SimulatedOutageSmsChannel } from './demo-backends';
import { DeliveryDemoContributor } from './delivery-demo.contributor';
import { DeliveryLogController } from './delivery-log.controller';

/**
 * Reliable delivery in the demo: `DeliveryModule` with its records in the
 * demo's database (`herald_delivery_records`, migration in DEMO_MIGRATIONS),
 * inline by default (`HERALD_NOTIFICATION__DELIVERY__QUEUE=bullmq` moves it to
 * Redis), the log driver as the working backend and simulated outages to
 * watch retries, failover and dead letters on `/admin/deliveries`.
 */
@Module({
  imports: [
    TypeOrmModule.forFeature([deliveryRecordEntity()]),
    DeliveryModule.forRootAsync({
      inject: [DemoEffectiveConfig],
      useFactory: (config: DemoEffectiveConfig) => config.deliveryLog,
    }),
    AuthModule,
    AdminShellModule,
  ],
  controllers: [DeliveryLogController],
  providers: [DeliveryDemoContributor],
})
export class DeliveryDemoModule implements OnModuleInit {
  constructor(
    private readonly delivery: DeliveryService,
    @Optional() @Inject(TRACER) private readonly tracer?: TracerProtocol,
    @Optional() @Inject(METRICS_COLLECTOR) private readonly metrics?: MetricsCollectorProtocol,
  ) {}

  onModuleInit(): void {
    const telemetry = new DeliveryTelemetry(this.tracer, this.metrics);
    this.delivery
      .register(
        'sms',
        createSmsChannel(new NamedSMSConfig({ name: 'demo-log', driver: 'log' }), telemetry),
      )
      .register('sms', new SimulatedOutageSmsChannel('demo-down', 'down'))
      .register('sms', new SimulatedOutageSmsChannel('demo-flaky', 'flaky'))
      .register('sms', new SimulatedOutageSmsChannel('demo-reject', 'reject'));
  }
}
