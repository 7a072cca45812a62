import { Global, Module } from '@nestjs/common';
import { HeraldConfig, loadHeraldConfig } from '@herald/contracts';
import { DemoEffectiveConfig } from './demo-effective.config.js';

/**
 * Loads the Herald configuration once (defaults → config/app.yaml → profile →
 * HERALD_* env) and shares it by class, so any provider can inject
 * `HeraldConfig`; with the demo's embedded defaults applied it becomes
 * `DemoEffectiveConfig`, which the demo's modules are built from. Invalid
 * configuration fails here, at bootstrap.
 */
@Global()
@Module({
  providers: [
    { provide: HeraldConfig, useFactory: () => loadHeraldConfig() },
    {
      provide: DemoEffectiveConfig,
      useFactory: (config: HeraldConfig) => DemoEffectiveConfig.from(config),
      inject: [HeraldConfig],
    },
  ],
  exports: [HeraldConfig, DemoEffectiveConfig],
})
export class DemoConfigModule {}
