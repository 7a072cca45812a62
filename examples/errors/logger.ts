import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import pino from 'pino';
import {
  MonitorModule,
  pinoTraceMixin,
  TraceContextLogger,
  withPinoTraceContext,
} from '@herald/monitor';

// pino: the same fields through a mixin (nestjs-pino's pinoHttp, or pino's own options)
const pinoHttp = withPinoTraceContext({ level: 'info' });

@Module({ imports: [MonitorModule.forRoot(), LoggerModule.forRoot({ pinoHttp })] })
class AppModule {}

export const logger = pino({ mixin: pinoTraceMixin });

async function bootstrap() {
  // every line written inside a span carries trace_id, span_id (and trace_flags in JSON)
  const app = await NestFactory.create(AppModule, {
    logger: new TraceContextLogger({ json: true }),
  });
  await app.listen(3000);
}
void bootstrap();
