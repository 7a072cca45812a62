import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry, type AdminPage } from '@herald/contracts';
import { SLOMonitor } from '@herald/monitor';
import { DEMO_SLOS } from './demo-slos.js';
import { renderSloReportPage, SLO_REPORT_PAGE_PATH } from './slo-report.page.js';
import { buildSloReport } from './slo-report.util.js';

/**
 * Registers the demo SLOs, puts "SLOs" and "SLO budgets" in the shell's
 * navigation, and serves the signed-in chart page `/admin/slos`.
 */
@AdminContributor({ order: 88 })
@Injectable()
export class SloDemoContributor implements AdminContributor, OnModuleInit {
  readonly id = 'slos';

  constructor(private readonly slos: SLOMonitor) {}

  onModuleInit(): void {
    for (const slo of DEMO_SLOS) {
      if (!this.slos.registeredSlos[slo.name]) this.slos.register(slo);
    }
  }

  navigation(): AdminNavEntry[] {
    return [
      { label: 'SLOs', path: '/slos', order: 88 },
      { label: 'SLO budgets', path: SLO_REPORT_PAGE_PATH, order: 89 },
    ];
  }

  pages(): AdminPage[] {
    return [
      {
        path: SLO_REPORT_PAGE_PATH,
        title: 'SLO budgets',
        render: () => renderSloReportPage(buildSloReport(this.slos)),
      },
    ];
  }
}
