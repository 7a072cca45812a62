import { Module } from '@nestjs/common';
import { SloDemoContributor } from './slo-demo.contributor';
import { SloDemoController } from './slo-demo.controller';

/** The SLO demo: two demo SLOs, their state page and a sample-recording endpoint. */
@Module({
  controllers: [SloDemoController],
  providers: [SloDemoContributor],
})
export class SloDemoModule {}
