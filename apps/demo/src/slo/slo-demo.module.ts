import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SloDemoContributor } from './slo-demo.contributor';
import { SloDemoController } from './slo-demo.controller';

/** The SLO demo: two demo SLOs, their state page and a sample-recording endpoint. */
@Module({
  imports: [AuthModule],
  controllers: [SloDemoController],
  providers: [SloDemoContributor],
})
export class SloDemoModule {}
