import { Writable } from 'node:stream';
import {
  Controller,
  Get,
  Logger,
  Module,
  Param,
  RequestMethod,
  type INestApplication,
  type LoggerService,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { trace } from '@opentelemetry/api';
import { LoggerModule, Logger as PinoNestLogger } from 'nestjs-pino';
import {
  MonitorModule,
  TraceContextLogger,
  TracingInterceptor,
  TracingMiddleware,
  withPinoTraceContext,
} from '@herald/monitor';

const CALLER_TRACE = '0af7651916cd43dd8448eb211c80319c';

@Controller('orders')
class OrdersController {
  private readonly logger = new Logger('Orders');

  @Get(':id')
  charge(@Param('id') id: string): { traceId?: string; spanId?: string } {
    this.logger.log(`charging order ${id}`);
    const span = trace.getActiveSpan()?.spanContext();
    return { traceId: span?.traceId, spanId: span?.spanId };
  }
}

@Module({
  imports: [MonitorModule.configure({ config: { tracing: { exporter: 'none' } } })],
  controllers: [OrdersController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: TracingInterceptor }],
})
class TracedHttpModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(TracingMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

async function listen(
  imports: any[],
  logger: LoggerService | undefined,
  useNestPino = false,
): Promise<{ app: INestApplication; url: string }> {
  const moduleRef = await Test.createTestingModule({ imports }).compile();
  const app = moduleRef.createNestApplication(logger ? { logger } : { bufferLogs: true });
  if (useNestPino) app.useLogger(app.get(PinoNestLogger));
  await app.listen(0, '127.0.0.1');
  return { app, url: (await app.getUrl()).replace('[::1]', '127.0.0.1') };
}

describe('trace context in the logs of a traced Nest HTTP application', () => {
  it('TraceContextLogger (JSON) writes the request span on the handler’s log line', async () => {
    const lines: string[] = [];
    const write = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
      lines.push(String(chunk));
      return true;
    });
    const { app, url } = await listen(
      [TracedHttpModule],
      new TraceContextLogger({ json: true, logLevels: ['log', 'warn', 'error'] }),
    );
    try {
      const res = await fetch(`${url}/orders/7`, {
        headers: { traceparent: `00-${CALLER_TRACE}-b7ad6b7169203331-01` },
      });
      const body = (await res.json()) as { traceId: string; spanId: string };
      expect(body.traceId).toBe(CALLER_TRACE);
      const line = lines.map((l) => JSON.parse(l)).find((l) => l.message === 'charging order 7');
      expect(line).toMatchObject({
        context: 'Orders',
        trace_id: CALLER_TRACE,
        span_id: body.spanId,
      });
      const startup = lines.map((l) => JSON.parse(l)).find((l) => l.context === 'NestApplication');
      expect(startup?.trace_id).toBeUndefined();
    } finally {
      write.mockRestore();
      await app.close();
    }
  });

  it('nestjs-pino with withPinoTraceContext(): handler lines and pino-http’s own carry the span of the request', async () => {
    const lines: Array<Record<string, any>> = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        for (const l of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const { app, url } = await listen(
      [TracedHttpModule, LoggerModule.forRoot({ pinoHttp: [withPinoTraceContext({}), stream] })],
      undefined,
      true,
    );
    try {
      const first = (await (await fetch(`${url}/orders/8`)).json()) as { traceId: string };
      const second = (await (await fetch(`${url}/orders/9`)).json()) as { traceId: string };
      expect(first.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(second.traceId).not.toBe(first.traceId);
      const eight = lines.find((l) => l.msg === 'charging order 8');
      const nine = lines.find((l) => l.msg === 'charging order 9');
      expect(eight).toMatchObject({ context: 'Orders', trace_id: first.traceId });
      expect(nine).toMatchObject({ context: 'Orders', trace_id: second.traceId });
      expect(eight!.req?.url).toBe('/orders/8'); // pino-http's request logger, with the trace added
      const completed = lines.filter((l) => l.msg === 'request completed');
      expect(completed.map((l) => [l.req.url, l.trace_id])).toEqual([
        ['/orders/8', first.traceId],
        ['/orders/9', second.traceId],
      ]);
    } finally {
      await app.close();
    }
  });
});
