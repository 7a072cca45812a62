import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable, type NestMiddleware } from '@nestjs/common';
import {
  METRICS_COLLECTOR,
  type MetricsCollectorProtocol,
  type MonitorConfig,
} from '@herald/contracts';
import { MONITOR_CONFIG } from '../../monitor.constants.js';
import { createHttpMetricsMiddleware } from '../scrape/http-metrics.middleware.js';

/**
 * Nest middleware recording request count, duration and in-flight requests
 * through the bound `METRICS_COLLECTOR`, labelled by method, route template
 * and status. The scrape path itself is not measured.
 *
 * @example consumer.apply(HttpMetricsMiddleware).forRoutes('*')
 */
@Injectable()
export class HttpMetricsMiddleware implements NestMiddleware {
  private readonly handler: ReturnType<typeof createHttpMetricsMiddleware>;

  constructor(
    @Inject(METRICS_COLLECTOR) collector: MetricsCollectorProtocol,
    @Inject(MONITOR_CONFIG) config: MonitorConfig,
  ) {
    this.handler = createHttpMetricsMiddleware({
      collector,
      ignorePaths: [config.prometheus.path],
    });
  }

  use(req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void): void {
    this.handler(req, res, next);
  }
}
