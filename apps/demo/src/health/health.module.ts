import { Module } from '@nestjs/common';
import { DemoHealthChecks } from './demo-health.checks.js';
import { HealthController } from './health.controller.js';
import { HealthNavContributor } from './health-nav.contributor.js';

/** The demo's health endpoints and checks (HealthCheckRunner comes from the global MonitorModule). */
@Module({
  controllers: [HealthController],
  providers: [DemoHealthChecks, HealthNavContributor],
})
export class HealthModule {}
