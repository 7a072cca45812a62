import { Controller, Get, Inject } from '@nestjs/common';
import { METRICS_COLLECTOR, type MetricsCollectorProtocol } from '@herald/contracts';
import { MonitorModule } from '@herald/monitor';
import { RequiredCollectorHolder, requiredHerald } from './herald-required.cjs';

/** `GET /dual-load`: what `import` and the CommonJS module's `require()` got, compared. */
@Controller('dual-load')
export class DualLoadController {
  constructor(
    @Inject(METRICS_COLLECTOR) private readonly collector: MetricsCollectorProtocol,
    private readonly holder: RequiredCollectorHolder,
  ) {}

  @Get()
  compare(): Record<string, boolean | string> {
    return {
      sameToken: requiredHerald.METRICS_COLLECTOR === METRICS_COLLECTOR,
      sameModuleClass: requiredHerald.MonitorModule === MonitorModule,
      sameCollector: this.holder.collector === this.collector,
      monitorFile: requiredHerald.monitorFile,
    };
  }
}
