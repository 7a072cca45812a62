import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MetricsController, MonitorModule } from '@herald/monitor';
import { MailerModule } from '@herald/notification/mailer';
import { HealthController } from '../health.controller';

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

async function bootstrap() {
  const app = await NestFactory.create(AppModule);
  app.enableShutdownHooks(); // closes exporters, queues and pools on SIGTERM
  await app.listen(3000);
}
void bootstrap();
