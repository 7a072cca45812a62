import { Module } from '@nestjs/common';
import { MetricsFeatureModule } from './metrics/metrics-feature.module.js';
import { HealthFeatureModule } from './health/health-feature.module.js';
import { TracingFeatureModule } from './tracing/tracing-feature.module.js';
import { TerminusFeatureModule } from './terminus/terminus-feature.module.js';
import { MailFeatureModule } from './mail/mail-feature.module.js';
import { InboxFeatureModule } from './inbox/inbox-feature.module.js';

/**
 * The consumer app with every feature (the `full` preset). The consumer check
 * writes its own app.module.ts listing the features of the app it builds.
 */
@Module({
  imports: [
    MetricsFeatureModule,
    HealthFeatureModule,
    TracingFeatureModule,
    TerminusFeatureModule,
    MailFeatureModule,
    InboxFeatureModule,
  ],
})
export class AppModule {}
