import { Global, Module } from '@nestjs/common';
import { HeraldConfig, loadHeraldConfig } from '@herald/contracts';

/**
 * Loads the Herald configuration once (defaults → config/app.yaml → profile →
 * HERALD_* env) and shares it by class, so any provider can inject
 * `HeraldConfig`. Invalid configuration fails here, at bootstrap.
 */
@Global()
@Module({
  providers: [{ provide: HeraldConfig, useFactory: () => loadHeraldConfig() }],
  exports: [HeraldConfig],
})
export class DemoConfigModule {}
