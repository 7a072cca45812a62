import { Controller, Get } from '@nestjs/common';
import { HealthCheck, HealthCheckService, type HealthCheckResult } from '@nestjs/terminus';
import { HeapHealthCheck, heraldIndicator } from '@herald/monitor';

/** Terminus' `HealthCheckService` running a Herald check as one of its indicators. */
@Controller('terminus')
export class TerminusHealthController {
  constructor(private readonly health: HealthCheckService) {}

  @Get('health')
  @HealthCheck()
  check(): Promise<HealthCheckResult> {
    return this.health.check([
      heraldIndicator(new HeapHealthCheck({ thresholdBytes: 4 * 1024 ** 3 })),
    ]);
  }
}
