import { Controller, Get, UseFilters, UseGuards } from '@nestjs/common';
import { SLOMonitor } from '@herald/monitor';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { buildSloReport, type SloReport } from './slo-report.util.js';

/**
 * `GET /admin/slos/report` (signed-in): the numbers the `/admin/slos` chart
 * page draws, as JSON: each SLO's current value, target, error budget left
 * and burn rate over each window.
 */
@Controller('admin/slos')
@UseGuards(CurrentUserGuard)
@UseFilters(LoginRequiredFilter)
export class SloReportController {
  constructor(private readonly slos: SLOMonitor) {}

  @Get('report')
  report(): SloReport {
    return buildSloReport(this.slos);
  }
}
