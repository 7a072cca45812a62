/**
 * A small process that exports spans over OTLP/HTTP to `OTLP_ENDPOINT`
 * (compression `OTLP_COMPRESSION`), then prints the ids it produced as JSON.
 * `MODE=tracer` builds the tracer from MonitorConfig directly and flushes;
 * `MODE=module` boots MonitorModule in a Nest application context and
 * relies on `app.close()` to export the last batch. Run in a child process
 * because OpenTelemetry's HTTP transport loads `http` with a dynamic import.
 */
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MonitorConfig, TRACER } from '@herald/contracts';
import {
  MonitorModule,
  Tracer,
  createTracerFromConfig,
  traceExporterFromConfig,
} from '@herald/monitor';
import { ObservabilityModule } from '@herald/observability';

const compression = process.env.OTLP_COMPRESSION === 'gzip' ? 'gzip' : 'none';
const config = new MonitorConfig({
  backendType: 'opentelemetry',
  environment: 'test',
  tracing: { serviceName: `otlp-${compression}` },
  opentelemetry: {
    endpoint: process.env.OTLP_ENDPOINT,
    compression,
    headers: { 'x-api-key': 'k-123' },
    timeout: 5,
  },
}).validate('monitor');

async function produce(tracer: Tracer) {
  const server = tracer.startSpan('GET /orders/:id', {
    kind: 'server',
    attributes: { 'http.route': '/orders/:id', 'http.response.status_code': 200 },
  });
  const child = await tracer.withSpan(server, async () => {
    const span = tracer.startSpan('SELECT orders', {
      kind: 'client',
      attributes: { 'db.system.name': 'sqlite', rows: 3, cached: false },
    });
    span.addEvent('fetched').setStatus({ code: 'error', message: 'slow' }).end();
    return span;
  });
  server.end();
  return { traceId: server.traceId, server: server.spanId, child: child.spanId };
}

async function main() {
  if (process.env.MODE === 'module') {
    @Module({ imports: [ObservabilityModule, MonitorModule.configure({ config })] })
    class OtlpAppModule {}
    const app = await NestFactory.createApplicationContext(OtlpAppModule, { logger: false });
    const ids = await produce(app.get<Tracer>(TRACER));
    await app.close();
    return ids;
  }
  const tracer = createTracerFromConfig(config, traceExporterFromConfig(config)) as Tracer;
  const ids = await produce(tracer);
  await tracer.flush();
  await tracer.shutdown();
  return ids;
}

main().then(
  (ids) => process.stdout.write(JSON.stringify(ids)),
  (error) => {
    process.stderr.write(String(error?.stack ?? error));
    process.exitCode = 1;
  },
);
