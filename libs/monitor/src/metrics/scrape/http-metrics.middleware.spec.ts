import type { Server } from 'node:http';
import express from 'express';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import {
  Controller,
  Get,
  MiddlewareConsumer,
  Module,
  NestModule,
  Param,
  RequestMethod,
} from '@nestjs/common';
import { METRICS_COLLECTOR } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';
import { MetricsCollector } from '../collector/metrics-collector.js';
import type { Counter } from '../instruments/counter.js';
import type { Gauge } from '../instruments/gauge.js';
import type { Histogram } from '../instruments/histogram.js';
import { MonitorModule } from '../../monitor.module.js';
import { HttpMetricsMiddleware } from '../nest/http-metrics.middleware.js';
import { createMetricsController } from '../nest/metrics.controller.js';
import { Metered } from '../../decorators/metered.decorator.js';
import { createHttpMetricsMiddleware, routeTemplateOf } from './http-metrics.middleware.js';

describe('createHttpMetricsMiddleware on Express', () => {
  let server: Server;
  let base: string;
  const collector = new MetricsCollector();

  beforeAll(async () => {
    const app = express();
    app.use(createHttpMetricsMiddleware({ collector, ignorePaths: ['/metrics'] }));
    app.get('/users/:id', (_req, res) => {
      res.status(201).send('ok');
    });
    app.get('/metrics', (_req, res) => {
      res.send('m');
    });
    server = await new Promise<Server>((r) => {
      const s = app.listen(0, '127.0.0.1', () => r(s));
    });
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  it('labels by method, route template and status; never the raw path', async () => {
    await fetch(`${base}/users/1`);
    await fetch(`${base}/users/2?x=y`);
    await fetch(`${base}/nothing/here`);
    await fetch(`${base}/metrics`);
    const requests = collector.getMetric('http_requests_total') as Counter;
    expect(requests.getCount({ method: 'GET', route: '/users/:id', status: '201' })).toBe(2);
    expect(requests.getCount({ method: 'GET', route: 'unmatched', status: '404' })).toBe(1);
    expect(requests.getCount()).toBe(3);
    const duration = collector.getMetric('http_request_duration_seconds') as Histogram;
    expect(duration.getSampleCount({ method: 'GET', route: '/users/:id', status: '201' })).toBe(2);
    expect((collector.getMetric('http_requests_active') as Gauge).getValue({ method: 'GET' })).toBe(
      0,
    );
  });

  it('works on the no-op collector (nothing recorded, requests still served)', async () => {
    const handler = createHttpMetricsMiddleware({ collector: new NoopMetricsCollector() });
    const next = jest.fn();
    const res: any = { once: jest.fn(), statusCode: 200 };
    handler({ url: '/x', method: 'GET' } as any, res, next);
    expect(next).toHaveBeenCalled();
  });

  it('reads Fastify-style route options too', () => {
    expect(routeTemplateOf({ routeOptions: { url: '/a/:b' } } as any)).toBe('/a/:b');
    expect(routeTemplateOf({} as any)).toBe('unmatched');
    expect(routeTemplateOf({ baseUrl: '/api', route: { path: '/x' } } as any)).toBe('/api/x');
  });
});

@Controller('items')
class ItemsController {
  @Metered()
  @Get(':id')
  find(@Param('id') id: string) {
    return { id };
  }
}

@Module({ controllers: [ItemsController, createMetricsController('/internal/prom')] })
class FeatureModule implements NestModule {
  configure(consumer: MiddlewareConsumer) {
    consumer.apply(HttpMetricsMiddleware).forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

describe('Nest: HttpMetricsMiddleware and createMetricsController(path)', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const ref = await Test.createTestingModule({
      imports: [
        MonitorModule.configure({ config: { prometheus: { enableDefaultMetrics: false } } }),
        FeatureModule,
      ],
    }).compile();
    app = ref.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(() => app.close());

  it('serves the collector on the custom path with request metrics by template', async () => {
    const item = await fetch(`${base}/items/42`);
    expect(await item.json()).toEqual({ id: '42' });
    const res = await fetch(`${base}/internal/prom`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain('http_requests_total{method="GET",route="/items/:id",status="200"} 1');
    expect(app.get(METRICS_COLLECTOR)).toBeInstanceOf(MetricsCollector);
    expect(body).not.toContain('process_cpu_user_seconds_total');
    expect(body).toContain('items_controller_find_duration_count{status="ok"} 1');
  });
});
