import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Post,
  UseFilters,
  UseGuards,
  ValidationPipe,
} from '@nestjs/common';
import { SLOMonitor } from '@herald/monitor';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { CurrentUserGuard } from '../auth/current-user.guard.js';
import { LoginRequiredFilter } from '../auth/login-required.filter.js';
import { renderSloPage } from './slo-demo.page.js';
import { RecordSamplesDto } from './record-samples.dto.js';
import { currentSloState, type SloStateView } from './slo-state.util.js';

const validation = new ValidationPipe({
  transform: true,
  whitelist: true,
  forbidNonWhitelisted: true,
});

/**
 * `GET /slos`: the SLOs and their state (HTML); `GET /slos/state`: the same
 * as JSON; `POST /slos/samples { metric, valueMs, count }` records latency
 * samples and runs `evaluateAndDispatch()`, so a violation shows in the logs
 * (a signed-in user only: it raises real alerts).
 */
@Controller('slos')
@UseFilters(LoginRequiredFilter)
export class SloDemoController {
  constructor(
    private readonly slos: SLOMonitor,
    private readonly shell: AdminShellService,
  ) {}

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    return this.shell.render('SLOs', renderSloPage(currentSloState(this.slos)));
  }

  @Get('state')
  state(): { slos: SloStateView[] } {
    return { slos: currentSloState(this.slos) };
  }

  @Post('samples')
  @UseGuards(CurrentUserGuard)
  @HttpCode(200)
  async record(@Body(validation) body: RecordSamplesDto): Promise<Record<string, unknown>> {
    const { metric, valueMs, count = 1 } = body;
    const known = new Set(Object.values(this.slos.registeredSlos).map((s) => s.metric));
    if (!known.has(metric)) {
      throw new BadRequestException(
        `metric must be one of ${[...known].join(', ')} (got "${metric}")`,
      );
    }
    for (let i = 0; i < count; i++) this.slos.recordSample(metric, valueMs);
    const violations = await this.slos.evaluateAndDispatch();
    return {
      recorded: count,
      violations: violations.map((v) => ({
        slo: v.slo.name,
        measuredValueMs: v.measuredValue,
        burnRate: v.burnRate,
        message: v.message,
      })),
    };
  }
}
