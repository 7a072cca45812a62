import { Module } from '@nestjs/common';
import { OrdersController } from './orders.controller.js';
import { OrdersService } from './orders.service.js';

/**
 * Tracing with no wiring of its own: `MonitorModule` traces every request
 * (a SERVER span, child of the incoming `traceparent`), and the `@Traced`
 * service runs below it. The exporter comes from configuration
 * (`HERALD_MONITOR__TRACING__EXPORTER=otlp`).
 */
@Module({ controllers: [OrdersController], providers: [OrdersService] })
export class TracingFeatureModule {}
