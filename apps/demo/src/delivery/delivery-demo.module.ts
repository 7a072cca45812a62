import { Module, type OnModuleInit } from '@nestjs/common';
import {
  METRICS_COLLECTOR,
  NamedSMSConfig,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import {
  createSmsChannel,
  DeliveryService,
  DeliveryTelemetry,
  NotifierModule,
} from '@herald/notification';
import { Inject, Optional } from '@nestjs/common';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { SimulatedOutageSmsChannel } from './demo-backends.js';
import { DemoDeliveryCoreModule } from './demo-delivery-core.module.js';
import { DemoNotifierSeeder } from './demo-notifier.seeder.js';
import { DemoRecipientResolver } from './demo-recipient.resolver.js';
import { DeliveryDemoContributor } from './delivery-demo.contributor.js';
import { DeliveryLogController } from './delivery-log.controller.js';
import { NotifyDemoController } from './notify-demo.controller.js';

/**
 * Reliable delivery in the demo: `DeliveryModule` with its records in the
 * demo's database (`herald_delivery_records`, migration in DEMO_MIGRATIONS),
 * inline by default (`HERALD_NOTIFICATION__DELIVERY__QUEUE=bullmq` moves it to
 * Redis), the log driver as the working backend and simulated outages to
 * watch retries, failover and dead letters on `/admin/deliveries`. The
 * notifier sits on the same delivery: "Notify a demo user" sends a
 * notification whose channel deliveries show in the same log.
 */
@Module({
  imports: [
    DemoDeliveryCoreModule,
    NotifierModule.forRootAsync({
      imports: [DemoDeliveryCoreModule],
      useFactory: () => ({}),
      resolver: DemoRecipientResolver,
    }),
    AuthModule,
    AdminShellModule,
  ],
  controllers: [DeliveryLogController, NotifyDemoController],
  providers: [DeliveryDemoContributor, DemoNotifierSeeder],
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
