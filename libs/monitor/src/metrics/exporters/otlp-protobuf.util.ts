import { requireOptional } from '@herald/contracts/internal';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { otlpSignalUrl, type ExporterConfig } from './exporter-registry.js';
import { OtlpHttpTransport } from './otlp-http.transport.js';

type ExporterBase = typeof import('@opentelemetry/otlp-exporter-base');
type Transformer = typeof import('@opentelemetry/otlp-transformer');

function load(feature: string): { base: ExporterBase; transformer: Transformer } {
  return {
    base: requireOptional<ExporterBase>('@opentelemetry/otlp-exporter-base', feature),
    transformer: requireOptional<Transformer>('@opentelemetry/otlp-transformer', feature),
  };
}

function delegateOf<T>(
  expConfig: ExporterConfig,
  signal: 'metrics' | 'traces',
  serializer: any,
  feature: string,
): T {
  const { base } = load(feature);
  const compression = expConfig.compression ?? 'none';
  const shared = base.mergeOtlpSharedConfigurationWithDefaults(
    { timeoutMillis: Math.round((expConfig.timeout ?? 10) * 1000), compression },
    {},
    base.getSharedConfigurationDefaults(),
  );
  const transport = new OtlpHttpTransport({
    url: otlpSignalUrl(expConfig.endpoint, signal),
    headers: { ...(expConfig.headers ?? {}) },
    compression,
  });
  return createNetworkDelegate(base, shared, serializer, transport) as T;
}

/** The delegate's self-metrics hook, unused: Herald gives the exporters no meter provider. */
const NO_EXPORTER_METRICS = { startExport: () => () => undefined };

/**
 * `createOtlpNetworkExportDelegate` took `(options, serializer, transport)`
 * up to 0.208 and takes `(options, serializer, metrics, transport)` in later
 * 0.2xx releases; both are in the supported peer range.
 */
function createNetworkDelegate(
  base: ExporterBase,
  shared: unknown,
  serializer: unknown,
  transport: OtlpHttpTransport,
): unknown {
  const create = base.createOtlpNetworkExportDelegate as (...args: unknown[]) => unknown;
  return create.length >= 4
    ? create(shared, serializer, NO_EXPORTER_METRICS, transport)
    : create(shared, serializer, transport);
}

/**
 * An OTLP/HTTP metric exporter speaking protobuf (`application/x-protobuf`),
 * the default wire format of OTLP/HTTP collectors, with optional gzip.
 */
export function createOtlpProtobufMetricExporter(expConfig: ExporterConfig): PushMetricExporter {
  const feature = 'The OTLP metrics exporter';
  const { transformer } = load(feature);
  const metrics = requireOptional<typeof import('@opentelemetry/exporter-metrics-otlp-http')>(
    '@opentelemetry/exporter-metrics-otlp-http',
    feature,
  );
  return new metrics.OTLPMetricExporterBase(
    delegateOf(expConfig, 'metrics', transformer.ProtobufMetricsSerializer, feature),
  );
}

/** An OTLP/HTTP span exporter speaking protobuf, with optional gzip. */
export function createOtlpProtobufSpanExporter(expConfig: ExporterConfig): SpanExporter {
  const feature = 'The OTLP trace exporter';
  const { base, transformer } = load(feature);
  return new base.OTLPExporterBase(
    delegateOf<any>(expConfig, 'traces', transformer.ProtobufTraceSerializer, feature),
  ) as unknown as SpanExporter;
}
