import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { ErrorTrackingFilter } from '@herald/monitor';
import { ErrorsDemoController } from './errors-demo.controller.js';

/**
 * Error tracking in the demo: `ErrorTrackingFilter` reports unhandled errors
 * through `ERROR_TRACKER` (Sentry when `HERALD_MONITOR__ERROR_TRACKING__DSN`
 * is set, otherwise the local log) and answers as Nest does by default.
 */
@Module({
  controllers: [ErrorsDemoController],
  providers: [{ provide: APP_FILTER, useClass: ErrorTrackingFilter }],
})
export class ErrorsDemoModule {}
