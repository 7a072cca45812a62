import { Module } from '@nestjs/common';
import { MetricsController, MonitorModule } from '@herald/monitor';
import { MailerModule } from '@herald/notification/mailer';
import { HealthController } from '../health.controller.js';

// Metrics (GET /metrics, prom-client), tracing (every request, traceparent continued),
// health (GET /health...) and mail through the `log` driver (recorded, never sent).
@Module({
  imports: [
    MonitorModule.forRoot({ config: { backendType: 'prometheus' } }),
    MailerModule.forRoot({
      backends: [{ name: 'log', primary: true, driver: 'log', fromEmail: 'noreply@example.com' }],
    }),
  ],
  controllers: [MetricsController, HealthController],
})
export class AppModule {}
