import { requireOptional } from '@herald/contracts';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';

/** Settings of the OTLP/HTTP trace exporter (the `opentelemetry` config section, in code units). */
export interface OtlpTraceExporterSettings {
  /** OTLP/HTTP base URL; `/v1/traces` is appended unless the URL already ends with it. @default 'http://localhost:4318' */
  endpoint?: string;
  /** Sent with every export (e.g. an API key). Never logged. */
  headers?: Record<string, string>;
  /** @default 'none' */
  compression?: 'none' | 'gzip';
  /** Export timeout in milliseconds. @default 10000 */
  timeoutMs?: number;
}

const FEATURE = 'OTLP trace export';

/** The URL spans are POSTed to. */
export function otlpTracesUrl(endpoint = 'http://localhost:4318'): string {
  const base = endpoint.replace(/\/+$/, '');
  return base.endsWith('/v1/traces') ? base : `${base}/v1/traces`;
}

/**
 * An OpenTelemetry OTLP/HTTP span exporter speaking protobuf (the OTLP/HTTP
 * default encoding), built from the packages of
 * `@opentelemetry/exporter-trace-otlp-http`, loaded lazily: without them a
 * `MissingDependencyError` names the package to install.
 *
 * @example createOtlpTraceExporter({ endpoint: 'http://collector:4318', compression: 'gzip' })
 */
export function createOtlpTraceExporter(settings: OtlpTraceExporterSettings = {}): SpanExporter {
  const { OTLPExporterBase } = requireOptional('@opentelemetry/otlp-exporter-base', FEATURE);
  const { createOtlpHttpExportDelegate, convertLegacyHttpOptions } = requireOptional(
    '@opentelemetry/otlp-exporter-base/node-http',
    FEATURE,
  );
  const { ProtobufTraceSerializer } = requireOptional('@opentelemetry/otlp-transformer', FEATURE);
  const options = convertLegacyHttpOptions(
    {
      url: otlpTracesUrl(settings.endpoint),
      headers: { ...settings.headers },
      compression: settings.compression === 'gzip' ? 'gzip' : 'none',
      timeoutMillis: settings.timeoutMs ?? 10_000,
    },
    'TRACES',
    'v1/traces',
    { 'Content-Type': 'application/x-protobuf' },
  );
  return new OTLPExporterBase(
    createOtlpHttpExportDelegate(options, ProtobufTraceSerializer),
  ) as SpanExporter;
}
