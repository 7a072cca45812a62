import { requireOptional } from '@herald/contracts';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import { otlpSignalUrl, type ExporterConfig } from './exporter-registry';

type NodeHttp = typeof import('@opentelemetry/otlp-exporter-base/node-http');
type Transformer = typeof import('@opentelemetry/otlp-transformer');

const PROTOBUF = { 'Content-Type': 'application/x-protobuf' };

function legacyOptions(expConfig: ExporterConfig, signal: 'metrics' | 'traces') {
  return {
    url: otlpSignalUrl(expConfig.endpoint, signal),
    headers: { ...(expConfig.headers ?? {}) },
    compression: (expConfig.compression ?? 'none') as any,
    timeoutMillis: Math.round((expConfig.timeout ?? 10) * 1000),
  };
}

function load(feature: string): { http: NodeHttp; transformer: Transformer } {
  return {
    http: requireOptional<NodeHttp>('@opentelemetry/otlp-exporter-base/node-http', feature),
    transformer: requireOptional<Transformer>('@opentelemetry/otlp-transformer', feature),
  };
}

/**
 * An OTLP/HTTP metric exporter speaking protobuf (`application/x-protobuf`),
 * the default wire format of OTLP/HTTP collectors, with optional gzip.
 */
export function createOtlpProtobufMetricExporter(expConfig: ExporterConfig): PushMetricExporter {
  const { http, transformer } = load('The OTLP metrics exporter');
  const base = requireOptional<typeof import('@opentelemetry/exporter-metrics-otlp-http')>(
    '@opentelemetry/exporter-metrics-otlp-http',
    'The OTLP metrics exporter',
  );
  const options = legacyOptions(expConfig, 'metrics');
  const delegate = http.createOtlpHttpExportDelegate(
    http.convertLegacyHttpOptions(options, 'METRICS', 'v1/metrics', PROTOBUF),
    transformer.ProtobufMetricsSerializer,
  );
  return new base.OTLPMetricExporterBase(delegate, options);
}

/** An OTLP/HTTP span exporter speaking protobuf, with optional gzip. */
export function createOtlpProtobufSpanExporter(expConfig: ExporterConfig): SpanExporter {
  const { http, transformer } = load('The OTLP trace exporter');
  const core = requireOptional<typeof import('@opentelemetry/otlp-exporter-base')>(
    '@opentelemetry/otlp-exporter-base',
    'The OTLP trace exporter',
  );
  const delegate = http.createOtlpHttpExportDelegate(
    http.convertLegacyHttpOptions(
      legacyOptions(expConfig, 'traces'),
      'TRACES',
      'v1/traces',
      PROTOBUF,
    ),
    transformer.ProtobufTraceSerializer,
  );
  return new core.OTLPExporterBase(delegate) as unknown as SpanExporter;
}
