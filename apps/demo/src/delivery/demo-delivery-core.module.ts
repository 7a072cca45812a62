import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DeliveryModule } from '@herald/notification';
import { deliveryRecordEntity } from '@herald/notification/typeorm';
import { DemoEffectiveConfig } from '../config/demo-effective.config.js';

const delivery = DeliveryModule.forRootAsync({
  inject: [DemoEffectiveConfig],
  useFactory: (config: DemoEffectiveConfig) => config.deliveryLog,
});

/**
 * The delivery log's reliable delivery (`DeliveryModule`, records in the
 * demo's database), in a module of its own so that both the log and the
 * notifier (`NotifierModule.forRootAsync({ imports: [DemoDeliveryCoreModule] })`)
 * use this one `DeliveryService`.
 */
@Module({
  imports: [TypeOrmModule.forFeature([deliveryRecordEntity()]), delivery],
  exports: [delivery],
})
export class DemoDeliveryCoreModule {}
