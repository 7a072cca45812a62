import { Module } from '@nestjs/common';
import { DemoHealthChecks } from './demo-health.checks';
import { HealthController } from './health.controller';
import { HealthNavContributor } from './health-nav.contributor';

/** The demo's health endpoints and checks (HealthCheckRunner comes from the global MonitorModule). */
@Module({
  controllers: [HealthController],
  providers: [DemoHealthChecks, HealthNavContributor],
})
export class HealthModule {}
