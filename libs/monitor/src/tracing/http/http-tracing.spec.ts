import 'reflect-metadata';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { context, propagation } from '@opentelemetry/api';
import request from 'supertest';
import {
  Body,
  Controller,
  Get,
  HttpException,
  MiddlewareConsumer,
  Module,
  NestModule,
  Param,
  Post,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { TRACER } from '@herald/contracts';
import { NoopTracer } from '@herald/observability';
import { Traced } from '../../decorators/traced.decorator.js';
import { InMemoryTracerProvider } from '../in-memory-tracer.provider.js';
import { createTracingMiddleware, TracingMiddleware } from './tracing.middleware.js';
import { TracingInterceptor } from './tracing.interceptor.js';
import { RecordingCollector } from '../__fixtures__/recording-collector.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const PARENT = '00f067aa0ba902b7';
const traceparent = `00-${TRACE}-${PARENT}-01`;
const tracing = new InMemoryTracerProvider();
afterAll(() => tracing.shutdown());
beforeEach(() => tracing.reset());

describe('createTracingMiddleware (Express)', () => {
  it('one SERVER span per request, named by route template, parent from traceparent, status and metrics', async () => {
    const metrics = new RecordingCollector();
    const app = express();
    app.use(createTracingMiddleware({ tracer: tracing, metrics }));
    const router = express.Router();
    router.get('/:id', (req, res) => {
      res.json({ id: req.params.id, current: tracing.getCurrentSpan()?.name });
    });
    app.use('/orders', router);
    app.get('/boom', (_req, res) => {
      res.status(503).end();
    });
    const server = await new Promise<ReturnType<typeof app.listen>>((resolve) => {
      const s = app.listen(0, '127.0.0.1', () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const ok = await request(base)
        .get('/orders/42?x=1')
        .set('traceparent', traceparent)
        .expect(200);
      expect(ok.body).toEqual({ id: '42', current: 'GET' });
      await request(base).get('/boom').expect(503);
      await request(base).get('/nowhere').expect(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
    const spans = tracing.getAllSpans();
    expect(spans.map((s) => [s.name, s.kind, s.status.code])).toEqual([
      ['GET /orders/:id', 'server', 'unset'],
      ['GET /boom', 'server', 'error'],
      ['GET', 'server', 'unset'],
    ]);
    expect(spans[0].traceId).toBe(TRACE);
    expect(spans[0].parentSpanId).toBe(PARENT);
    expect(spans[0].attributes).toMatchObject({
      'http.request.method': 'GET',
      'http.route': '/orders/:id',
      'url.path': '/orders/42',
      'http.response.status_code': 200,
    });
    expect(spans[1].parentSpanId).toBeUndefined();
    expect(spans[1].traceId).not.toBe(TRACE);
    expect(
      metrics.calls.filter(([k]) => k === 'increment').map(([, n, , tags]) => [n, tags]),
    ).toEqual([
      ['http_server_requests_total', { method: 'GET', route: '/orders/:id', status_code: '200' }],
      ['http_server_requests_total', { method: 'GET', route: '/boom', status_code: '503' }],
      ['http_server_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }],
    ]);
    expect(metrics.calls.filter(([k]) => k === 'histogram').map(([, n]) => n)).toEqual(
      Array(3).fill('http_server_request_duration_seconds'),
    );
  });

  it("makes the request's baggage current in the handler and passes it on with injectContext", async () => {
    const app = express();
    app.use(createTracingMiddleware({ tracer: tracing }));
    app.get('/b', (_req, res) => {
      const baggage = propagation.getBaggage(context.active());
      res.json({ tenant: baggage?.getEntry('tenant')?.value, out: tracing.injectContext({}) });
    });
    const res = await request(app)
      .get('/b')
      .set('traceparent', traceparent)
      .set('baggage', 'tenant=acme,tier=gold')
      .expect(200);
    expect(res.body.tenant).toBe('acme');
    expect(res.body.out.baggage).toBe('tenant=acme,tier=gold');
    expect(res.body.out.traceparent).toMatch(new RegExp(`^00-${TRACE}-[0-9a-f]{16}-01$`));
    const none = await request(app).get('/b').expect(200);
    expect(none.body.tenant).toBeUndefined();
  });

  it('passes requests through untouched with the no-op tracer', async () => {
    const app = express();
    app.use(createTracingMiddleware({ tracer: new NoopTracer() }));
    app.get('/x', (_req, res) => res.send('ok'));
    await request(app).get('/x').set('traceparent', traceparent).expect(200, 'ok');
    expect(tracing.getAllSpans()).toEqual([]);
  });

  it('degrades silently (no error, no spans) when OpenTelemetry cannot be loaded', async () => {
    let middleware!: ReturnType<typeof createTracingMiddleware>;
    jest.isolateModules(() => {
      jest.doMock('@opentelemetry/api', () => {
        throw Object.assign(new Error("Cannot find module '@opentelemetry/api'"), {
          code: 'MODULE_NOT_FOUND',
        });
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      middleware = require('./tracing.middleware.js').createTracingMiddleware({ tracer: tracing });
    });
    jest.dontMock('@opentelemetry/api');
    const app = express();
    app.use(middleware);
    app.get('/x', (_req, res) => res.send('still fine'));
    await request(app).get('/x').set('traceparent', traceparent).expect(200, 'still fine');
    expect(tracing.getAllSpans()).toEqual([]);
  });
});

class Stock {
  @Traced()
  async reserve(sku: string) {
    await new Promise((r) => setTimeout(r, 1));
    return sku.length;
  }
}

@Controller('shop')
class ShopController {
  private readonly stock = new Stock();
  @Get('items/:sku')
  async item(@Param('sku') sku: string) {
    return { reserved: await this.stock.reserve(sku) };
  }
  @Post('orders')
  async order(@Body() body: { sku: string }) {
    return { reserved: await this.stock.reserve(body.sku) };
  }
  @Get('baggage')
  baggage() {
    return { tenant: propagation.getBaggage(context.active())?.getEntry('tenant')?.value };
  }
  @Get('fail')
  fail() {
    throw new Error('kaboom');
  }
  @Get('teapot')
  teapot() {
    throw new HttpException('short and stout', 418);
  }
}

async function nestApp(withMiddleware: boolean) {
  @Module({
    controllers: [ShopController],
    providers: [
      { provide: TRACER, useValue: tracing },
      { provide: APP_INTERCEPTOR, useClass: TracingInterceptor },
    ],
  })
  class ShopModule implements NestModule {
    configure(consumer: MiddlewareConsumer) {
      if (withMiddleware) consumer.apply(TracingMiddleware).forRoutes('*');
    }
  }
  const ref = await Test.createTestingModule({ imports: [ShopModule] }).compile();
  const app = ref.createNestApplication({ logger: false });
  await app.init();
  return app;
}

describe.each([true, false])('TracingInterceptor (middleware mounted: %s)', (withMiddleware) => {
  it('names the SERVER span by route template and nests handler spans, GET and POST with a body', async () => {
    const app = await nestApp(withMiddleware);
    try {
      await request(app.getHttpServer())
        .get('/shop/items/abc')
        .set('traceparent', traceparent)
        .expect(200, { reserved: 3 });
      await request(app.getHttpServer())
        .post('/shop/orders')
        .send({ sku: 'abcd' })
        .expect(201, { reserved: 4 });
    } finally {
      await app.close();
    }
    const spans = tracing.getAllSpans();
    const servers = spans.filter((s) => s.kind === 'server');
    expect(servers.map((s) => s.name)).toEqual(['GET /shop/items/:sku', 'POST /shop/orders']);
    expect(servers[0].parentSpanId).toBe(PARENT);
    const children = spans.filter((s) => s.name === 'Stock.reserve');
    expect(children.map((c) => c.parentSpanId)).toEqual(servers.map((s) => s.spanId));
    expect(servers[1].attributes['http.response.status_code']).toBe(201);
  });

  it("the handler sees the request's baggage", async () => {
    const app = await nestApp(withMiddleware);
    try {
      await request(app.getHttpServer())
        .get('/shop/baggage')
        .set('baggage', 'tenant=acme')
        .expect(200, { tenant: 'acme' });
    } finally {
      await app.close();
    }
  });

  it('records exceptions: ERROR for a 500, exception event kept for a 4xx', async () => {
    const app = await nestApp(withMiddleware);
    try {
      await request(app.getHttpServer()).get('/shop/fail').expect(500);
      await request(app.getHttpServer()).get('/shop/teapot').expect(418);
    } finally {
      await app.close();
    }
    const [fail, teapot] = tracing.getAllSpans();
    expect(fail.name).toBe('GET /shop/fail');
    expect(fail.status.code).toBe('error');
    expect(fail.events.find((e) => e.name === 'exception')?.attributes['exception.message']).toBe(
      'kaboom',
    );
    expect(teapot.status.code).toBe('unset');
    expect(teapot.attributes['http.response.status_code']).toBe(418);
    expect(teapot.attributes['error.type']).toBe('HttpException');
  });
});

describe('tracing registered twice', () => {
  it('two TracingInterceptors (one per module, say): one SERVER span, the exception recorded once', async () => {
    const metrics = new RecordingCollector();
    @Module({
      controllers: [ShopController],
      providers: [
        { provide: TRACER, useValue: tracing },
        { provide: APP_INTERCEPTOR, useValue: new TracingInterceptor(tracing, metrics) },
        { provide: APP_INTERCEPTOR, useValue: new TracingInterceptor(tracing, metrics) },
      ],
    })
    class TwiceModule {}
    const ref = await Test.createTestingModule({ imports: [TwiceModule] }).compile();
    const app = ref.createNestApplication({ logger: false });
    await app.init();
    try {
      await request(app.getHttpServer())
        .get('/shop/items/abc')
        .set('traceparent', traceparent)
        .expect(200, { reserved: 3 });
      await request(app.getHttpServer()).get('/shop/fail').expect(500);
    } finally {
      await app.close();
    }
    const spans = tracing.getAllSpans();
    const servers = spans.filter((s) => s.kind === 'server');
    expect(servers.map((s) => s.name)).toEqual(['GET /shop/items/:sku', 'GET /shop/fail']);
    expect(servers[0].parentSpanId).toBe(PARENT);
    expect(spans.find((s) => s.name === 'Stock.reserve')?.parentSpanId).toBe(servers[0].spanId);
    expect(servers[1].events.filter((e) => e.name === 'exception')).toHaveLength(1);
    expect(metrics.calls.filter(([k]) => k === 'increment')).toHaveLength(2);
  });

  it('the middleware mounted twice: one SERVER span per request', async () => {
    const app = express();
    app.use(createTracingMiddleware({ tracer: tracing }));
    app.use(createTracingMiddleware({ tracer: tracing }));
    app.get('/x', (_req, res) => res.json({ current: tracing.getCurrentSpan()?.spanId }));
    const res = await request(app).get('/x').set('traceparent', traceparent).expect(200);
    const spans = tracing.getAllSpans();
    expect(spans).toHaveLength(1);
    expect(spans[0].parentSpanId).toBe(PARENT);
    expect(res.body.current).toBe(spans[0].spanId);
  });
});
