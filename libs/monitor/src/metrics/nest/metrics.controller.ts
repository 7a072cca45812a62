import type { IncomingMessage, ServerResponse } from 'node:http';
import { Controller, Get, Req, Res, type Type } from '@nestjs/common';
import { MetricsScrapeService } from './metrics-scrape.service.js';

/**
 * `GET /metrics` as a Nest controller (needs `MonitorModule`). Prometheus text
 * 0.0.4, or OpenMetrics when `Accept` asks; 401 without the right bearer token
 * when `prometheus.auth_token` is set. For another path use
 * `createMetricsController('/custom')`.
 */
@Controller()
export class MetricsController {
  constructor(private readonly scrape: MetricsScrapeService) {}

  @Get('metrics')
  scrapeMetrics(@Req() req: IncomingMessage, @Res() res: ServerResponse): void {
    this.scrape.handle(req, res);
  }
}

/** A `MetricsController` serving `path` instead of `/metrics`. */
export function createMetricsController(path: string): Type<MetricsController> {
  @Controller()
  class CustomPathMetricsController extends MetricsController {
    @Get(path)
    override scrapeMetrics(@Req() req: IncomingMessage, @Res() res: ServerResponse): void {
      super.scrapeMetrics(req, res);
    }
  }
  return CustomPathMetricsController;
}
