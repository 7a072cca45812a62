import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HealthCheckRunner, healthResponseJson, httpStatusFor } from '@herald/monitor';
import type { HealthCheckSummary } from '@herald/monitor';

/**
 * `/health` runs every check, `/health/live` `/ready` `/startup` one category each: 200 healthy,
 * 207 degraded, 503 unhealthy. Needs `MonitorModule`; list it in your module's `controllers`.
 */
@Controller('health')
export class HealthController {
  constructor(private readonly runner: HealthCheckRunner) {}

  @Get()
  all(@Res({ passthrough: true }) res: Response) {
    return this.answer(res, this.runner.runAllWithSummary());
  }

  @Get('live')
  live(@Res({ passthrough: true }) res: Response) {
    return this.answer(res, this.runner.runLiveness());
  }

  @Get('ready')
  ready(@Res({ passthrough: true }) res: Response) {
    return this.answer(res, this.runner.runReadiness());
  }

  @Get('startup')
  startup(@Res({ passthrough: true }) res: Response) {
    return this.answer(res, this.runner.runStartup());
  }

  private async answer(res: Response, run: Promise<HealthCheckSummary>) {
    const [status, checks] = await run;
    res
      .status(httpStatusFor(status))
      .setHeader('Cache-Control', 'no-store')
      .setHeader('Content-Type', 'application/json; charset=utf-8');
    // the body of healthResponseBody(), already serialised: cheaper than Express's res.json()
    return healthResponseJson(status, checks, true);
  }
}
