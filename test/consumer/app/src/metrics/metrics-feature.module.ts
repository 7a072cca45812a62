import { Module } from '@nestjs/common';
import { MetricsController, MonitorModule } from '@herald/monitor';
import { PingController } from './ping.controller.js';

/**
 * Metrics as the README shows them: `MonitorModule` with the prometheus
 * backend (prom-client) and `MetricsController` serving `GET /metrics`.
 */
@Module({
  imports: [MonitorModule.forRoot({ config: { backendType: 'prometheus' } })],
  controllers: [MetricsController, PingController],
})
export class MetricsFeatureModule {}
