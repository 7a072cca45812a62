import {
  Controller,
  Get,
  Module,
  NotFoundException,
  Param,
  RequestMethod,
  type INestApplication,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { DEFAULT_HISTOGRAM_BUCKETS, METRICS_COLLECTOR } from '@herald/contracts';
import {
  HttpMetricsMiddleware,
  Metered,
  MonitorModule,
  type Counter,
  type Histogram,
  type MetricsCollector,
} from '@herald/monitor';
import { keyValues, OtlpReceiver } from './helpers/otlp-receiver.js';

@Controller('orders')
class OrdersController {
  @Get(':id')
  @Metered('orders.lookup', { service: 'shop' })
  async find(@Param('id') id: string): Promise<{ id: string }> {
    await new Promise((resolve) => setTimeout(resolve, 2));
    if (id === 'missing') throw new NotFoundException(`no order ${id}`);
    return { id };
  }
}

function appModule(endpoint: string): new () => NestModule {
  @Module({
    imports: [
      MonitorModule.configure({
        config: {
          backendType: 'opentelemetry',
          opentelemetry: { endpoint, insecure: true, exportInterval: 3600 },
          tracing: { serviceName: 'herald-otlp-nest' },
        },
      }),
    ],
    controllers: [OrdersController],
  })
  class AppModule implements NestModule {
    configure(consumer: MiddlewareConsumer): void {
      consumer
        .apply(HttpMetricsMiddleware)
        .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
    }
  }
  return AppModule;
}

/** Every metric received, by name, with its data points flattened over requests. */
function receivedMetrics(receiver: OtlpReceiver): Map<string, any> {
  const out = new Map<string, any>();
  for (const request of receiver.requests.filter((r) => r.signal === 'metrics')) {
    for (const rm of request.body.resourceMetrics ?? []) {
      for (const sm of rm.scopeMetrics ?? []) {
        for (const metric of sm.metrics ?? []) out.set(metric.name, metric);
      }
    }
  }
  return out;
}

function point(points: any[], attributes: Record<string, unknown>): any {
  const found = points.filter(
    (p) => JSON.stringify(keyValues(p.attributes)) === JSON.stringify(attributes),
  );
  expect(found).toHaveLength(1);
  return found[0];
}

describe('MonitorModule with backend_type opentelemetry: HTTP traffic and @Metered reach OTLP (e2e)', () => {
  const receiver = new OtlpReceiver();
  let app: INestApplication;

  beforeAll(() => receiver.start());
  afterAll(() => receiver.stop());

  it('exports http_requests_total, the request-duration histogram and the @Metered histogram with the collector values', async () => {
    app = await NestFactory.create(appModule(receiver.url), { logger: false });
    await app.listen(0, '127.0.0.1');
    const base = await app.getUrl();
    for (const id of ['1', '2', '3', '4']) {
      expect((await fetch(`${base}/orders/${id}`)).status).toBe(200);
    }
    expect((await fetch(`${base}/orders/missing`)).status).toBe(404);

    const collector = app.get<MetricsCollector>(METRICS_COLLECTOR);
    const duration = collector.getMetric('http_request_duration_seconds') as Histogram;
    const metered = collector.getMetric('orders.lookup') as Histogram;
    const ok = { method: 'GET', route: '/orders/:id', status: '200' };
    const notFound = { method: 'GET', route: '/orders/:id', status: '404' };
    const expected = {
      durationSum: duration.getSampleSum(ok),
      durationBuckets: [...duration.getBucketCounts(ok).values()],
      meteredOkSum: metered.getSampleSum({ status: 'ok', service: 'shop' }),
      meteredErrorSum: metered.getSampleSum({ status: 'error', service: 'shop' }),
    };
    expect((collector.getMetric('http_requests_total') as Counter).getCount(ok)).toBe(4);
    expect(expected.durationSum).toBeGreaterThan(0);

    await app.close(); // the backend's shutdown exports what the collector holds

    const requests = receiver.requests.filter((r) => r.signal === 'metrics');
    expect(requests.length).toBeGreaterThanOrEqual(1);
    expect(keyValues(requests[0].body.resourceMetrics[0].resource.attributes)).toMatchObject({
      'service.name': 'herald-otlp-nest',
    });
    const metrics = receivedMetrics(receiver);

    const total = metrics.get('http_requests_total');
    expect(total.sum.isMonotonic).toBe(true);
    expect(total.sum.aggregationTemporality).toBe(2); // CUMULATIVE
    expect(point(total.sum.dataPoints, ok).asDouble).toBe(4);
    expect(point(total.sum.dataPoints, notFound).asDouble).toBe(1);

    const hist = metrics.get('http_request_duration_seconds').histogram;
    const okPoint = point(hist.dataPoints, ok);
    expect(okPoint.count).toBe('4');
    expect(okPoint.sum).toBe(expected.durationSum);
    expect(okPoint.explicitBounds).toEqual([...DEFAULT_HISTOGRAM_BUCKETS]);
    // OTLP buckets are per bucket, the collector's are cumulative
    const cumulative = okPoint.bucketCounts.map(Number).map(
      (
        (sum) => (n: number) =>
          (sum += n)
      )(0),
    );
    expect(cumulative).toEqual(expected.durationBuckets);
    expect(point(hist.dataPoints, notFound).count).toBe('1');

    const lookup = metrics.get('orders_lookup').histogram;
    const meteredOk = point(lookup.dataPoints, { status: 'ok', service: 'shop' });
    expect(meteredOk.count).toBe('4');
    expect(meteredOk.sum).toBe(expected.meteredOkSum);
    expect(meteredOk.sum).toBeGreaterThanOrEqual(4 * 0.001);
    const meteredError = point(lookup.dataPoints, { status: 'error', service: 'shop' });
    expect(meteredError.count).toBe('1');
    expect(meteredError.sum).toBe(expected.meteredErrorSum);

    const active = metrics.get('http_requests_active').gauge;
    expect(point(active.dataPoints, { method: 'GET' }).asDouble).toBe(0);
  });
});
