import { ConsoleMetricExporter } from '@opentelemetry/sdk-metrics';
import { ConsoleSpanExporter } from '@opentelemetry/sdk-trace-base';
import { otlpSignalUrl, type ExporterHandler } from './exporter-registry.js';
import { MetricsExporterRegistry } from './metrics-exporter.registry.js';
import { TracingExporterRegistry } from './tracing-exporter.registry.js';

describe('exporter registries', () => {
  it('withDefaults() builds console and otlp exporters, undefined for other types', async () => {
    const metrics = MetricsExporterRegistry.withDefaults();
    expect(metrics.createExporter({ type: 'console' })).toBeInstanceOf(ConsoleMetricExporter);
    const otlp = metrics.createExporter({ type: 'otlp', endpoint: 'http://127.0.0.1:1' });
    expect(typeof otlp?.export).toBe('function');
    await otlp?.shutdown();
    expect(metrics.createExporter({ type: 'jaeger' })).toBeUndefined();

    const tracing = TracingExporterRegistry.withDefaults();
    expect(tracing.createExporter({ type: 'console' })).toBeInstanceOf(ConsoleSpanExporter);
    const spans = tracing.createExporter({ type: 'otlp', compression: 'gzip' });
    expect(typeof spans?.export).toBe('function');
    await spans?.shutdown();
    expect(tracing.createExporter({ type: 'zipkin' })).toBeUndefined();
    expect(new TracingExporterRegistry().createExporter({ type: 'console' })).toBeUndefined();
  });

  it('register() puts a handler at the head, so it wins for its type', () => {
    const registry = TracingExporterRegistry.withDefaults();
    const mine = { exporter: true } as any;
    const handler: ExporterHandler<any> = {
      canHandle: (type) => type === 'console',
      createExporter: () => mine,
    };
    registry.register(handler);
    expect(registry.getHandlers()[0]).toBe(handler);
    expect(registry.createExporter({ type: 'console' })).toBe(mine);
  });

  it('builds signal URLs from a base endpoint', () => {
    expect(otlpSignalUrl('http://c:4318', 'metrics')).toBe('http://c:4318/v1/metrics');
    expect(otlpSignalUrl('http://c:4318/', 'traces')).toBe('http://c:4318/v1/traces');
    expect(otlpSignalUrl('http://c/v1/metrics', 'metrics')).toBe('http://c/v1/metrics');
    expect(otlpSignalUrl(undefined, 'traces')).toBe('http://localhost:4318/v1/traces');
  });
});
