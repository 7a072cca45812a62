import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { TerminusHealthController } from './terminus-health.controller.js';

/** `GET /terminus/health`: a terminus endpoint fed by Herald checks through `heraldIndicator`. */
@Module({ imports: [TerminusModule], controllers: [TerminusHealthController] })
export class TerminusFeatureModule {}
