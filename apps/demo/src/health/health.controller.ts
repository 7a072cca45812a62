import { Controller, Get, Headers, NotFoundException, Res } from '@nestjs/common';
import type { Response } from 'express';
import { HeraldConfig, type HealthConfig } from '@herald/contracts';
import {
  HealthCheckRunner,
  healthResponseJson,
  httpStatusFor,
  isAuthorizedBearer,
  type HealthCheckSummary,
} from '@herald/monitor';

/**
 * The demo's health endpoints through Nest: `/health` (every check),
 * `/health/live`, `/health/ready`, `/health/startup` (one category each).
 * 200 / 207 / 503 by the aggregate, 401 without the bearer token when
 * `monitor.health.auth_token` is set, `Cache-Control: no-store`. Startup, once
 * it has succeeded, stays succeeded; readiness fails as soon as a graceful
 * shutdown begins. (`main.ts` also answers the same paths ahead of Express.)
 */
@Controller('health')
export class HealthController {
  private readonly config: HealthConfig;

  constructor(
    private readonly runner: HealthCheckRunner,
    herald: HeraldConfig,
  ) {
    this.config = herald.monitor.health;
  }

  @Get()
  overall(
    @Headers('authorization') auth: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(auth, res, () => this.runner.runAllWithSummary());
  }

  @Get('live')
  live(
    @Headers('authorization') auth: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(auth, res, () => this.runner.runLiveness());
  }

  @Get('ready')
  ready(
    @Headers('authorization') auth: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(auth, res, () => this.runner.runReadiness());
  }

  @Get('startup')
  startup(
    @Headers('authorization') auth: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.answer(auth, res, () => this.runner.runStartup());
  }

  private async answer(
    authorization: string | undefined,
    res: Response,
    run: () => Promise<HealthCheckSummary>,
  ): Promise<object | string> {
    if (!this.config.enabled) throw new NotFoundException();
    res.setHeader('Cache-Control', 'no-store');
    if (this.config.authToken && !isAuthorizedBearer(authorization, this.config.authToken)) {
      res.status(401).setHeader('WWW-Authenticate', 'Bearer realm="health"');
      return { error: 'unauthorized' };
    }
    const [status, checks] = await run();
    res.status(httpStatusFor(status)).setHeader('Content-Type', 'application/json; charset=utf-8');
    // the body of healthResponseBody(), already serialised: cheaper than Express's res.json()
    return healthResponseJson(status, checks, this.config.includeDetails);
  }
}
