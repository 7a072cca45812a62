import { Module } from '@nestjs/common';
import { EventLoopHealthCheck, HealthCheckRunner } from '@herald/monitor';
import { HealthController } from './health.controller.js';

/**
 * `GET /health`, `/health/live`, `/health/ready`, `/health/startup` from the
 * recipe controller of examples/health.controller.ts (this folder's
 * health.controller.ts is a link to it, copied into the app), answering from
 * the `HealthCheckRunner` of `MonitorModule`, with an event-loop check.
 */
@Module({ controllers: [HealthController] })
export class HealthFeatureModule {
  constructor(runner: HealthCheckRunner) {
    runner.add('event_loop', new EventLoopHealthCheck());
  }
}
