import { Controller, Get, Inject } from '@nestjs/common';
import {
  METRICS_COLLECTOR,
  type CounterProtocol,
  type MetricsCollectorProtocol,
} from '@herald/contracts';

/** `GET /ping` counts each call in `consumer_pings_total`. */
@Controller('ping')
export class PingController {
  private readonly pings: CounterProtocol;

  constructor(@Inject(METRICS_COLLECTOR) metrics: MetricsCollectorProtocol) {
    this.pings = metrics.createCounter('consumer_pings', 'Pings answered');
  }

  @Get()
  ping(): { pong: true } {
    this.pings.increment(1, { route: 'ping' });
    return { pong: true };
  }
}
