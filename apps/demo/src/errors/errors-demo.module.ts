import { Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import {
  ERROR_TRACKING_DELEGATE_FILTER,
  ErrorTrackingFilter,
  ServiceUnavailableFilter,
} from '@herald/monitor';
import { ErrorsDemoController } from './errors-demo.controller.js';

/**
 * Error tracking in the demo: `ErrorTrackingFilter` reports unhandled errors
 * through `ERROR_TRACKER` (Sentry when `HERALD_MONITOR__ERROR_TRACKING__DSN`
 * is set, otherwise the local log), then hands them to `ServiceUnavailableFilter`:
 * a route failed by a database outage answers 503 with `Retry-After`, anything
 * else as Nest does by default.
 */
@Module({
  controllers: [ErrorsDemoController],
  providers: [
    { provide: APP_FILTER, useClass: ErrorTrackingFilter },
    { provide: ERROR_TRACKING_DELEGATE_FILTER, useClass: ServiceUnavailableFilter },
  ],
})
export class ErrorsDemoModule {}
