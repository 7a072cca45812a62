import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Test } from '@nestjs/testing';
import { METRICS_COLLECTOR } from '@herald/contracts';
import { MetricsCollector, MonitorModule } from '@herald/monitor';
import { OtlpMetricsBackend } from '@herald/monitor/otlp';
// The protobuf definitions shipped (generated) in @opentelemetry/otlp-transformer.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const root = require('@opentelemetry/otlp-transformer/build/src/generated/root');
const ExportRequest = root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceRequest;
const ExportResponse = root.opentelemetry.proto.collector.metrics.v1.ExportMetricsServiceResponse;

interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: any;
}

/** A local OTLP/HTTP receiver: decodes protobuf (gzip or not) and answers as a collector does. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let raw = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
      const body = ExportRequest.toObject(ExportRequest.decode(raw), {
        longs: String,
        defaults: false,
      });
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(200, { 'Content-Type': 'application/x-protobuf' });
      res.end(Buffer.from(ExportResponse.encode(ExportResponse.create({})).finish()));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { server, url: `http://127.0.0.1:${port}`, received };
}

function metricsOf(received: Received[]): Map<string, any> {
  const out = new Map<string, any>();
  for (const r of received) {
    for (const rm of r.body.resourceMetrics ?? []) {
      for (const sm of rm.scopeMetrics ?? []) for (const m of sm.metrics ?? []) out.set(m.name, m);
    }
  }
  return out;
}

function attrs(point: any): Record<string, unknown> {
  return Object.fromEntries((point.attributes ?? []).map((a: any) => [a.key, a.value.stringValue]));
}

describe('OTLP metric export to a local OTLP/HTTP receiver', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeEach(async () => {
    receiver = await startReceiver();
  });
  afterEach(async () => {
    await new Promise((r) => receiver.server.close(r));
  });

  it.each(['none', 'gzip'] as const)(
    'sends protobuf (compression %s) with the configured headers',
    async (compression) => {
      const backend = new OtlpMetricsBackend({
        endpoint: receiver.url,
        headers: { 'x-api-key': 'otlp-key-1' },
        compression,
        insecure: true,
        exportInterval: 60,
        serviceName: 'herald-e2e',
      });
      await backend.initialize();
      backend.recordMetric('orders_total', 3, 'counter', { channel: 'web' });
      backend.recordMetric('orders_total', 2, 'counter', { channel: 'web' });
      backend.recordMetric('queue_depth', 7, 'gauge');
      backend.recordMetric('latency_seconds', 0.25, 'histogram', { route: '/x' });
      await backend.forceFlush();
      await backend.shutdown();

      expect(receiver.received.length).toBeGreaterThanOrEqual(1);
      const first = receiver.received[0];
      expect(first.path).toBe('/v1/metrics');
      expect(first.headers['content-type']).toBe('application/x-protobuf');
      expect(first.headers['x-api-key']).toBe('otlp-key-1');
      expect(first.headers['content-encoding']).toBe(compression === 'gzip' ? 'gzip' : undefined);
      const resource = first.body.resourceMetrics[0].resource.attributes;
      expect(resource).toContainEqual({
        key: 'service.name',
        value: { stringValue: 'herald-e2e' },
      });

      const metrics = metricsOf(receiver.received);
      const orders = metrics.get('orders_total');
      expect(orders.sum.isMonotonic).toBe(true);
      expect(orders.sum.dataPoints[0].asDouble).toBe(5);
      expect(attrs(orders.sum.dataPoints[0])).toEqual({ channel: 'web' });
      expect(metrics.get('queue_depth').gauge.dataPoints[0].asDouble).toBe(7);
      const latency = metrics.get('latency_seconds').histogram.dataPoints[0];
      expect(latency.count).toBe('1');
      expect(latency.sum).toBe(0.25);
      expect(attrs(latency)).toEqual({ route: '/x' });
    },
  );

  it('MonitorModule with backend_type opentelemetry exports the collector calls on shutdown', async () => {
    const ref = await Test.createTestingModule({
      imports: [
        MonitorModule.configure({
          config: {
            backendType: 'opentelemetry',
            opentelemetry: {
              endpoint: receiver.url,
              headers: { authorization: 'Bearer otlp-token' },
              compression: 'gzip',
              exportInterval: 60,
            },
            tracing: { serviceName: 'herald-module' },
          },
        }),
      ],
    }).compile();
    await ref.init();
    const collector = ref.get<MetricsCollector>(METRICS_COLLECTOR);
    collector.increment('jobs.done', 4, { queue: 'mail' });
    collector.histogram('job.duration', 0.5);
    await ref.close();

    const metrics = metricsOf(receiver.received);
    expect(receiver.received[0].headers.authorization).toBe('Bearer otlp-token');
    expect(receiver.received[0].headers['content-encoding']).toBe('gzip');
    expect(metrics.get('jobs_done').sum.dataPoints[0].asDouble).toBe(4);
    expect(metrics.get('job_duration').histogram.dataPoints[0].sum).toBe(0.5);
  });
});
