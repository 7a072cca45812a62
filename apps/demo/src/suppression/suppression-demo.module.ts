import { Module, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import {
  DeliveryService,
  SuppressionDeliveryGuard,
  SuppressionModule,
  SuppressionService,
} from '@herald/notification';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { AuthModule } from '../auth/auth.module.js';
import { DemoDeliveryCoreModule } from '../delivery/demo-delivery-core.module.js';
import { SuppressionDemoContributor } from './suppression-demo.contributor.js';
import { SuppressionsController } from './suppressions.controller.js';

/**
 * The suppression list in the demo: entries in the demo's database
 * (`herald_suppressions`, from NOTIFIER_MIGRATIONS in DEMO_MIGRATIONS), the
 * admin page /admin/suppressions to list, add and lift entries, and its JSON.
 * The delivery log's `DeliveryService` lives in a module of its own (not
 * global), so its sends are guarded here explicitly.
 */
@Module({
  imports: [
    SuppressionModule.forRoot({ store: 'database' }),
    DemoDeliveryCoreModule,
    AdminShellModule,
    AuthModule,
  ],
  controllers: [SuppressionsController],
  providers: [SuppressionDemoContributor],
})
export class SuppressionDemoModule implements OnModuleInit, OnModuleDestroy {
  private unguard?: () => void;

  constructor(
    private readonly delivery: DeliveryService,
    private readonly suppressions: SuppressionService,
  ) {}

  onModuleInit(): void {
    this.unguard = this.delivery.guard(new SuppressionDeliveryGuard(this.suppressions));
  }

  onModuleDestroy(): void {
    this.unguard?.();
  }
}
