/**
 * One process of the notifier tracing test: a Nest HTTP application with
 * MonitorModule exporting spans over OTLP/HTTP to `OTLP_ENDPOINT` (a SERVER
 * span per request), NotificationModule sending SMS to the fake Twilio at
 * `TWILIO_URL` through reliable delivery on BullMQ (`QUEUE_NAME`, records in
 * the PostgreSQL schema `PG_SCHEMA`), and NotifierModule. `ROLE=api` serves
 * `POST /notify` and runs no worker; `ROLE=worker` runs the delivery and
 * notifier workers. Prints the URL when ready; SIGTERM closes the app, which
 * exports the last spans. Run in a child process because OpenTelemetry's
 * HTTP transport loads `http` with a dynamic import.
 */
import 'reflect-metadata';
import {
  Body,
  Controller,
  Module,
  Post,
  RequestMethod,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { TypeOrmModule } from '@nestjs/typeorm';
import { InjectNotifier } from '@herald/contracts';
import { MonitorModule, TracingInterceptor, TracingMiddleware } from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';
import {
  Notification,
  NotificationModule,
  NotifierModule,
  type NotifierService,
} from '@herald/notification';
import {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import { schemaOptions } from './pg-schema.js';

const env = process.env;
const role = env.ROLE === 'worker' ? 'worker' : 'api';

class Welcome extends Notification<{ id: string; phone: string }> {
  via() {
    return ['sms'];
  }
  toSms() {
    return 'Welcome aboard';
  }
}

@Controller()
class NotifyController {
  constructor(@InjectNotifier() private readonly notifier: NotifierService) {}

  @Post('notify')
  async notify(@Body() body: { phone: string; delayMs?: number }) {
    const { notificationId, status } = await this.notifier.notify(
      { id: 'traced-user', phone: body.phone },
      new Welcome(),
      body.delayMs ? { delayMs: body.delayMs } : {},
    );
    return { notificationId, status };
  }
}

@Module({
  imports: [
    ObservabilityModule,
    MonitorModule.configure({
      config: {
        backendType: 'opentelemetry',
        environment: 'test',
        tracing: { serviceName: `notifier-${role}` },
        opentelemetry: { endpoint: env.OTLP_ENDPOINT, timeout: 5, exportInterval: 3600 },
      },
    }),
    TypeOrmModule.forRoot({
      ...schemaOptions(env.PG_SCHEMA),
      migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
      migrationsRun: role === 'api',
    }),
    NotificationModule.forRoot({
      smsBackends: [
        {
          name: 'twilio',
          primary: true,
          driver: 'twilio',
          twilio: {
            accountSid: 'AC00000000000000000000000000000000',
            authToken: 'test-auth-token',
            fromNumber: '+15005550006',
            baseUrl: env.TWILIO_URL,
          },
        },
      ],
      delivery: {
        enabled: true,
        queue: 'bullmq',
        store: 'database',
        queueName: env.QUEUE_NAME,
        queuePrefix: 'herald-test',
        worker: role === 'worker',
      },
    }),
    NotifierModule.forRoot(),
  ],
  controllers: role === 'api' ? [NotifyController] : [],
  providers: [{ provide: APP_INTERCEPTOR, useClass: TracingInterceptor }],
})
class TraceAppModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TracingMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

async function main(): Promise<void> {
  const app = await NestFactory.create(TraceAppModule, { logger: false });
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  process.stdout.write(`ready ${(await app.getUrl()).replace('[::1]', '127.0.0.1')}\n`);
}

main().catch((error) => {
  process.stderr.write(String(error?.stack ?? error));
  process.exitCode = 1;
});
