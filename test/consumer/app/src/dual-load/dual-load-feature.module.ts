import { Module } from '@nestjs/common';
import { DualLoadController } from './dual-load.controller.js';
import { RequiredCollectorHolder, requiredHerald } from './herald-required.cjs';

/**
 * The dual-package hazard check: a provider of the ES module app is built from
 * the token a CommonJS module got through require(). Two copies of
 * @herald/contracts would still agree on the token (Symbol.for), but two copies of
 * @herald/monitor would give two MonitorModule classes; `GET /dual-load` compares.
 */
@Module({
  controllers: [DualLoadController],
  providers: [
    {
      provide: RequiredCollectorHolder,
      useFactory: (collector: unknown) => new RequiredCollectorHolder(collector),
      inject: [requiredHerald.METRICS_COLLECTOR],
    },
  ],
})
export class DualLoadFeatureModule {}
