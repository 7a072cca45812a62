import { Module } from '@nestjs/common';
import { MetricsFeatureModule } from './metrics/metrics-feature.module';
import { HealthFeatureModule } from './health/health-feature.module';
import { TracingFeatureModule } from './tracing/tracing-feature.module';
import { TerminusFeatureModule } from './terminus/terminus-feature.module';
import { MailFeatureModule } from './mail/mail-feature.module';
import { InboxFeatureModule } from './inbox/inbox-feature.module';

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
