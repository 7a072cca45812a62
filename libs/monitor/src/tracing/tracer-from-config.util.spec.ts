import { ConsoleSpanExporter } from '@opentelemetry/sdk-trace-base';
import { MonitorConfig } from '@herald/contracts';
import { NoopTracer } from '@herald/observability';
import { TracingExporterRegistry } from '../metrics/exporters/tracing-exporter.registry.js';
import { HeraldValueError } from '../errors/index.js';
import {
  createTracerFromConfig,
  traceExporterFromConfig,
  traceExporterFromOption,
} from './tracer-from-config.util.js';
import { InMemoryTracerProvider } from './in-memory-tracer.provider.js';
import { Tracer } from './tracer.js';

const config = (plain: Record<string, unknown>) => new MonitorConfig(plain).validate('monitor');

describe('traceExporterFromConfig', () => {
  it('auto: OTLP when the backend is opentelemetry, none otherwise', () => {
    expect(traceExporterFromConfig(config({}))).toBeUndefined();
    const otlp = traceExporterFromConfig(config({ backendType: 'opentelemetry' }));
    expect(otlp).toBeDefined();
    expect(otlp).not.toBeInstanceOf(ConsoleSpanExporter);
    return otlp!.shutdown();
  });

  it('none, console and otlp by name, through the tracing exporter registry', async () => {
    expect(
      traceExporterFromConfig(
        config({ backendType: 'opentelemetry', tracing: { exporter: 'none' } }),
      ),
    ).toBeUndefined();
    expect(traceExporterFromConfig(config({ tracing: { exporter: 'console' } }))).toBeInstanceOf(
      ConsoleSpanExporter,
    );
    const seen: unknown[] = [];
    const registry = TracingExporterRegistry.withDefaults().register({
      canHandle: (type) => type === 'otlp',
      createExporter: (expConfig) => {
        seen.push(expConfig);
        return new ConsoleSpanExporter();
      },
    });
    traceExporterFromConfig(
      config({
        tracing: { exporter: 'otlp' },
        opentelemetry: {
          endpoint: 'http://127.0.0.1:4318',
          compression: 'gzip',
          timeout: 3,
          headers: { 'x-api-key': 'k' },
        },
      }),
      registry,
    );
    expect(seen).toEqual([
      {
        type: 'otlp',
        endpoint: 'http://127.0.0.1:4318',
        compression: 'gzip',
        timeout: 3,
        headers: { 'x-api-key': 'k' },
      },
    ]);
  });
});

describe('traceExporterFromOption', () => {
  it('takes a SpanExporter as is, builds an exporter config through the registry, rejects the rest', () => {
    const exporter = new ConsoleSpanExporter();
    expect(traceExporterFromOption(exporter, config({}))).toBe(exporter);
    expect(traceExporterFromOption(undefined, config({}))).toBeUndefined();
    expect(traceExporterFromOption({ type: 'console' }, config({}))).toBeInstanceOf(
      ConsoleSpanExporter,
    );
    const seen: unknown[] = [];
    const registry = new TracingExporterRegistry().register({
      canHandle: (type) => type === 'otlp',
      createExporter: (expConfig) => {
        seen.push(expConfig);
        return exporter;
      },
    });
    traceExporterFromOption(
      { type: 'otlp', compression: 'gzip' },
      config({ opentelemetry: { endpoint: 'http://collector:4318' } }),
      registry,
    );
    expect(seen).toEqual([
      {
        type: 'otlp',
        endpoint: 'http://collector:4318',
        headers: {},
        compression: 'gzip',
        timeout: 10,
      },
    ]);
    expect(() => traceExporterFromOption({ type: 'zipkin' }, config({}))).toThrow(HeraldValueError);
    expect(() => traceExporterFromOption({ type: 'zipkin' }, config({}))).toThrow('type "zipkin"');
    expect(() => traceExporterFromOption(42, config({}))).toThrow('got number');
  });
});

describe('createTracerFromConfig', () => {
  it('no-op when monitoring or tracing is disabled', () => {
    expect(createTracerFromConfig(config({ enabled: false }))).toBeInstanceOf(NoopTracer);
    expect(createTracerFromConfig(config({ tracing: { enabled: false } }))).toBeInstanceOf(
      NoopTracer,
    );
  });

  it('service name, span limits, sampler and propagators from TracingConfig', async () => {
    const tracer = createTracerFromConfig(
      config({
        environment: 'staging',
        tracing: {
          serviceName: 'shop',
          maxAttributes: 1,
          maxEvents: 1,
          maxLinks: 0,
          samplerType: 'always_on',
          propagationFormats: ['tracecontext'],
          maxSpans: 7,
        },
      }),
    ) as Tracer;
    expect(tracer).toBeInstanceOf(Tracer);
    expect(tracer.maxSpans).toBe(7);
    const span = tracer.startSpan('s', { attributes: { a: 1, b: 2 } });
    span.addEvent('e1').addEvent('e2');
    span.end();
    expect(span.attributes).toEqual({ a: 1 });
    expect(span.events).toHaveLength(1);
    expect((span.otelSpan as any).resource.attributes).toMatchObject({
      'service.name': 'shop',
      'deployment.environment.name': 'staging',
    });
    expect(tracer.propagator.fields()).toEqual(['traceparent', 'tracestate']);
    await tracer.shutdown();
    const off = createTracerFromConfig(
      config({ tracing: { samplerType: 'always_off' } }),
    ) as Tracer;
    expect(off.startSpan('x').isRecording()).toBe(false);
    await off.shutdown();
  });

  it('keeps few spans in a production tracer, max_spans in the memory backend', async () => {
    const prod = createTracerFromConfig(config({})) as Tracer;
    expect(prod).not.toBeInstanceOf(InMemoryTracerProvider);
    expect(prod.maxSpans).toBe(100);
    const small = createTracerFromConfig(config({ tracing: { maxSpans: 5 } })) as Tracer;
    expect(small.maxSpans).toBe(5);
    const memory = createTracerFromConfig(
      config({ backendType: 'memory', tracing: { maxSpans: 2000 } }),
    );
    expect(memory).toBeInstanceOf(InMemoryTracerProvider);
    expect((memory as InMemoryTracerProvider).maxSpans).toBe(2000);
    await Promise.all([prod, small, memory].map((t) => (t as Tracer).shutdown()));
  });
});
