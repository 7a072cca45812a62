import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { MonitorConfig, TracerProtocol } from '@herald/contracts';
import { NoopTracer } from '@herald/observability';
import { HeraldValueError } from '../errors/index.js';
import type { ExporterConfig } from '../metrics/exporters/exporter-registry.js';
import { TracingExporterRegistry } from '../metrics/exporters/tracing-exporter.registry.js';
import { createSampler } from './samplers/create-sampler.util.js';
import { InMemoryTracerProvider } from './in-memory-tracer.provider.js';
import { DEFAULT_TRACER_MAX_SPANS } from './recording-span.processor.js';
import { Tracer, type TracerOptions } from './tracer.js';

/** OpenTelemetry's default batch queue; raised when a larger batch size is configured. */
const DEFAULT_MAX_QUEUE_SIZE = 2048;

/**
 * The exporter `tracing.exporter` asks for, built by the tracing exporter
 * registry: `otlp` (to `opentelemetry.endpoint`, with its headers,
 * compression and timeout; protobuf over HTTP), `console`, `none`, or `auto`
 * (otlp when `backend_type` is `opentelemetry`, otherwise none).
 */
export function traceExporterFromConfig(
  config: MonitorConfig,
  registry: TracingExporterRegistry = TracingExporterRegistry.withDefaults(),
): SpanExporter | undefined {
  const wanted = config.tracing.exporter;
  const type =
    wanted === 'auto' ? (config.backendType === 'opentelemetry' ? 'otlp' : 'none') : wanted;
  if (type === 'none') return undefined;
  const otel = config.opentelemetry;
  return registry.createExporter({
    type,
    endpoint: otel.endpoint,
    headers: otel.headers,
    compression: otel.compression,
    timeout: otel.timeout,
  });
}

/**
 * The module option `exporter`: an OpenTelemetry `SpanExporter` is used as
 * is; an exporter config (`{ type: 'console' | 'otlp', endpoint?, ... }`) is
 * built by the registry, its OTLP settings defaulting to `monitor.opentelemetry`.
 */
export function traceExporterFromOption(
  option: unknown,
  config: MonitorConfig,
  registry: TracingExporterRegistry = TracingExporterRegistry.withDefaults(),
): SpanExporter | undefined {
  if (option === undefined || option === null) return undefined;
  if (typeof (option as SpanExporter).export === 'function') return option as SpanExporter;
  const type = (option as ExporterConfig).type;
  const otel = config.opentelemetry;
  const exporter =
    typeof type === 'string'
      ? registry.createExporter({
          endpoint: otel.endpoint,
          headers: otel.headers,
          compression: otel.compression,
          timeout: otel.timeout,
          ...(option as ExporterConfig),
        })
      : undefined;
  if (!exporter) {
    throw new HeraldValueError(
      `MonitorModule option "exporter" must be an OpenTelemetry SpanExporter or { type: 'console' | 'otlp', ... } (got ${typeof type === 'string' ? `type "${type}"` : typeof option}).`,
    );
  }
  return exporter;
}

/**
 * The tracer a `MonitorConfig` describes: a `NoopTracer` when monitoring or
 * tracing is disabled; with `backend_type: memory` an `InMemoryTracerProvider`
 * keeping `tracing.max_spans` finished spans; otherwise a `Tracer` keeping at
 * most `DEFAULT_TRACER_MAX_SPANS` (100) of them, or fewer if `max_spans` says
 * so. Both get the configured service name, sampler, propagators, span
 * limits and batch size.
 */
export function createTracerFromConfig(
  config: MonitorConfig,
  exporter?: SpanExporter,
): TracerProtocol {
  const tracing = config.tracing;
  if (!config.enabled || !tracing.enabled) return new NoopTracer();
  const batchSize = config.opentelemetry.batchSize;
  const options: TracerOptions = {
    sampler: createSampler(tracing),
    propagationFormats: tracing.propagationFormats,
    spanLimits: {
      attributeCountLimit: tracing.maxAttributes,
      eventCountLimit: tracing.maxEvents,
      linkCountLimit: tracing.maxLinks,
    },
    batch: {
      maxExportBatchSize: batchSize,
      maxQueueSize: Math.max(DEFAULT_MAX_QUEUE_SIZE, batchSize),
      exportTimeoutMillis: config.opentelemetry.timeout * 1000,
    },
    resourceAttributes: { 'deployment.environment.name': config.environment },
  };
  if (config.backendType === 'memory') {
    return new InMemoryTracerProvider({
      ...options,
      serviceName: tracing.serviceName,
      maxSpans: tracing.maxSpans,
      exporter,
    });
  }
  return new Tracer(tracing.serviceName, exporter, {
    ...options,
    maxSpans: Math.min(tracing.maxSpans, DEFAULT_TRACER_MAX_SPANS),
  });
}
