import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { SloDemoContributor } from './slo-demo.contributor.js';
import { SloDemoController } from './slo-demo.controller.js';
import { SloReportController } from './slo-report.controller.js';

/**
 * The SLO demo: two demo SLOs, their state page, a sample-recording endpoint,
 * and the signed-in chart page `/admin/slos` with its JSON `/admin/slos/report`.
 */
@Module({
  imports: [AuthModule],
  controllers: [SloDemoController, SloReportController],
  providers: [SloDemoContributor],
})
export class SloDemoModule {}
