import { Module } from '@nestjs/common';
import { MetricsController, MonitorModule } from '@herald/monitor';

@Module({
  imports: [MonitorModule.forRoot({ config: { backendType: 'prometheus' } })],
  controllers: [MetricsController], // GET /metrics
})
export class AppModule {}
