import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { createHealthMiddleware, EventLoopHealthCheck, HealthCheckRunner } from '@herald/monitor';

/** `GET /health` from the `HealthCheckRunner` of `MonitorModule`, with an event-loop check. */
@Module({})
export class HealthFeatureModule implements NestModule {
  constructor(private readonly runner: HealthCheckRunner) {
    this.runner.add('event_loop', new EventLoopHealthCheck());
  }

  configure(consumer: MiddlewareConsumer): void {
    // A GET route, not forRoutes('health'): Express mounts ALL-method middleware with use(),
    // which strips the path from req.url, and the handler answers its own path only.
    consumer
      .apply(createHealthMiddleware({ checker: this.runner, includeDetails: true }))
      .forRoutes({ path: 'health', method: RequestMethod.GET });
  }
}
