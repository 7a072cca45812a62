import {
  Inject,
  Module,
  RequestMethod,
  type MiddlewareConsumer,
  type NestModule,
  type OnModuleInit,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { createTracingMiddleware, instrumentDatabase } from '@herald/monitor';
import { AdminShellModule } from '../admin/admin-shell.module.js';
import { OrderLookupService } from './order-lookup.service.js';
import { TracingDemoController } from './tracing-demo.controller.js';
import { TracingNavContributor } from './tracing-nav.contributor.js';

/**
 * The demo's tracing: a SERVER span per request (parent from `traceparent`,
 * named by route template) on every route, started by the tracing middleware
 * (`MonitorModule`'s own `TracingInterceptor` then runs each handler inside
 * that same span). The demo's TypeORM DataSource
 * instrumented (CLIENT span and `db_queries_total` per query), and the
 * traced `/tracing/orders/:id` route. Request metrics come from
 * `DemoMetricsModule`, so the tracing middleware records none.
 */
@Module({
  imports: [AdminShellModule],
  controllers: [TracingDemoController],
  providers: [OrderLookupService, TracingNavContributor],
})
export class TracingDemoModule implements NestModule, OnModuleInit {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(TRACER) private readonly tracer: TracerProtocol,
    @Inject(METRICS_COLLECTOR) private readonly metrics: MetricsCollectorProtocol,
  ) {}

  onModuleInit(): void {
    instrumentDatabase(this.dataSource, { tracer: this.tracer, metrics: this.metrics });
  }

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(createTracingMiddleware({ tracer: this.tracer }))
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
