import {
  Controller,
  Get,
  Injectable,
  Module,
  Param,
  RequestMethod,
  type DynamicModule,
  type INestApplication,
  type MiddlewareConsumer,
  type NestModule,
  type Provider,
} from '@nestjs/common';
import { APP_INTERCEPTOR, NestFactory } from '@nestjs/core';
import { METRICS_COLLECTOR, TRACER, type MetricsCollectorProtocol } from '@herald/contracts';
import {
  MonitorModule,
  Traced,
  Tracer,
  TracingInterceptor,
  TracingMiddleware,
  createTracingMiddleware,
  type Span,
} from '@herald/monitor';
import { withEnv } from './helpers/with-env.js';

const TRACE_ID = '5d1e7a3b9c2f4e6a8b0c1d2e3f4a5b6c';
const CALLER = '1a2b3c4d5e6f7a8b';
const traceparent = `00-${TRACE_ID}-${CALLER}-01`;

@Injectable()
class InvoiceService {
  @Traced()
  async find(id: string): Promise<{ id: string }> {
    await new Promise((resolve) => setImmediate(resolve));
    return { id };
  }
}

@Controller('invoices')
class InvoicesController {
  constructor(private readonly invoices: InvoiceService) {}

  @Get(':id')
  find(@Param('id') id: string): Promise<{ id: string }> {
    return this.invoices.find(id);
  }
}

/** What an application adds by hand on top of MonitorModule. */
interface HandWiring {
  interceptor?: boolean;
  middlewareClass?: boolean;
  middlewareFunction?: boolean;
}

async function start(
  monitor: DynamicModule,
  hand: HandWiring = {},
): Promise<{ app: INestApplication; url: string; tracer: Tracer }> {
  const providers: Provider[] = [InvoiceService];
  if (hand.interceptor) providers.push({ provide: APP_INTERCEPTOR, useClass: TracingInterceptor });
  @Module({ imports: [monitor], controllers: [InvoicesController], providers })
  class AppModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      const all = { path: '{*path}', method: RequestMethod.ALL };
      if (hand.middlewareClass) consumer.apply(TracingMiddleware).forRoutes(all);
    }
  }
  const app = await NestFactory.create(AppModule, { logger: false });
  if (hand.middlewareFunction) app.use(createTracingMiddleware({ tracer: app.get(TRACER) }));
  await app.listen(0, '127.0.0.1');
  return { app, url: await app.getUrl(), tracer: app.get<Tracer>(TRACER) };
}

async function callWithTraceparent(url: string): Promise<void> {
  const res = await fetch(`${url}/invoices/42`, { headers: { traceparent } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ id: '42' });
}

/** Spans end when the response is sent: wait until the SERVER span is there. */
async function spansOfTheCall(tracer: Tracer, expectServer: boolean): Promise<Span[]> {
  for (let i = 0; i < 100; i++) {
    const spans = tracer.getAllSpans();
    if (!expectServer || spans.some((s) => s.kind === 'server')) return spans;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return tracer.getAllSpans();
}

describe('MonitorModule traces HTTP requests itself (e2e)', () => {
  it('with no wiring: the SERVER span continues the incoming traceparent, @Traced below it, request metrics', async () => {
    const { app, url, tracer } = await start(
      MonitorModule.forRoot({ config: { backendType: 'memory' } }),
    );
    try {
      await callWithTraceparent(url);
      const spans = await spansOfTheCall(tracer, true);
      const server = spans.filter((s) => s.kind === 'server');
      expect(server.map((s) => s.name)).toEqual(['GET /invoices/:id']);
      expect(server[0].traceId).toBe(TRACE_ID);
      expect(server[0].parentSpanId).toBe(CALLER);
      const traced = spans.find((s) => s.name === 'InvoiceService.find');
      expect(traced?.parentSpanId).toBe(server[0].spanId);
      const metrics = app.get<MetricsCollectorProtocol>(METRICS_COLLECTOR);
      expect(metrics.getMetric('http_server_requests_total')).toBeDefined();
    } finally {
      await app.close();
    }
  });

  it.each<[string, HandWiring]>([
    ['TracingInterceptor registered by hand too', { interceptor: true }],
    ['TracingMiddleware mounted by hand', { middlewareClass: true }],
    ['createTracingMiddleware() on the app', { middlewareFunction: true }],
    [
      'everything by hand at once',
      { interceptor: true, middlewareClass: true, middlewareFunction: true },
    ],
  ])('%s: still one SERVER span per request', async (_name, hand) => {
    const { app, url, tracer } = await start(MonitorModule.forRoot(), hand);
    try {
      await callWithTraceparent(url);
      await callWithTraceparent(url);
      const spans = await spansOfTheCall(tracer, true);
      const server = spans.filter((s) => s.kind === 'server');
      expect(server.map((s) => [s.name, s.parentSpanId])).toEqual([
        ['GET /invoices/:id', CALLER],
        ['GET /invoices/:id', CALLER],
      ]);
      const traced = spans.filter((s) => s.name === 'InvoiceService.find');
      expect(traced.map((s) => s.parentSpanId)).toEqual(server.map((s) => s.spanId));
    } finally {
      await app.close();
    }
  });

  it('monitor.tracing.http_interceptor: false (env or code) turns it off; stub() serves requests untouched', async () => {
    const off = [
      () =>
        withEnv({ HERALD_MONITOR__TRACING__HTTP_INTERCEPTOR: 'false' }, () =>
          start(MonitorModule.forRoot()),
        ),
      () => start(MonitorModule.forRoot({ config: { tracing: { httpInterceptor: false } } })),
    ];
    for (const boot of off) {
      const { app, url, tracer } = await boot();
      try {
        await callWithTraceparent(url);
        const spans = await spansOfTheCall(tracer, false);
        expect(spans.filter((s) => s.kind === 'server')).toEqual([]);
        // no request span to continue: the @Traced span starts its own trace
        const traced = spans.find((s) => s.name === 'InvoiceService.find');
        expect(traced?.traceId).not.toBe(TRACE_ID);
      } finally {
        await app.close();
      }
    }
    const { app, url } = await start(MonitorModule.stub());
    try {
      await callWithTraceparent(url);
    } finally {
      await app.close();
    }
  });
});
