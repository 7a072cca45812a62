import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TracingInterceptor } from '@herald/monitor';
import { OrdersController } from './orders.controller';
import { OrdersService } from './orders.service';

/**
 * Tracing: a SERVER span per request (child of the incoming `traceparent`)
 * from `TracingInterceptor`, and a `@Traced` service below it. The exporter
 * comes from configuration (`HERALD_MONITOR__TRACING__EXPORTER=otlp`).
 */
@Module({
  controllers: [OrdersController],
  providers: [OrdersService, { provide: APP_INTERCEPTOR, useClass: TracingInterceptor }],
})
export class TracingFeatureModule {}
