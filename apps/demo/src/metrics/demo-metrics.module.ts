import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import { HttpMetricsMiddleware, MetricsScrapeService } from '@herald/monitor';
import { MetricsNavContributor } from './metrics-nav.contributor.js';

/**
 * The demo's metrics: `GET /metrics` (path and bearer token from
 * `monitor.prometheus`) serving the application's instruments and the Node
 * runtime metrics, and request metrics on every route, labelled by method,
 * route template and status. `MetricsScrapeService` and the collector come
 * from the global `MonitorModule`.
 */
@Module({ providers: [MetricsNavContributor] })
export class DemoMetricsModule implements NestModule {
  constructor(private readonly scrape: MetricsScrapeService) {}

  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(this.scrape.middleware())
      .forRoutes({ path: this.scrape.path, method: RequestMethod.GET });
    consumer.apply(HttpMetricsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}
