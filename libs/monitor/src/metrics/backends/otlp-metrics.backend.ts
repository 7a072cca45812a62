import { Logger } from '@nestjs/common';
import { requireOptional } from '@herald/contracts/internal';
import type { MeterProvider, PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import type { MetricsCollector } from '../collector/metrics-collector.js';
import { BatchingMetricExporter } from '../exporters/batching-metric.exporter.js';
import { CollectorMetricProducer } from '../exporters/collector-metric.producer.js';
import { MetricsExporterRegistry } from '../exporters/metrics-exporter.registry.js';
import { CollectorMetricsBackend } from './collector-metrics.backend.js';

/** Options of the OTLP backend; an `OpenTelemetryConfig` fits (times in seconds). */
export interface OtlpBackendOptions {
  /** OTLP/HTTP base URL; `/v1/metrics` is appended. @default 'http://localhost:4318' */
  endpoint?: string;
  headers?: Record<string, string>;
  /** Plain HTTP accepted without a warning. @default false */
  insecure?: boolean;
  /** Seconds before an export is abandoned. @default 10 */
  timeout?: number;
  /** `none` or `gzip`. @default 'none' */
  compression?: 'none' | 'gzip';
  /**
   * Most data points in one OTLP request (`opentelemetry.batch_size`); a larger
   * collection is sent as several requests. @default unlimited (one request per interval)
   */
  batchSize?: number;
  /** Seconds between exports. @default 60 */
  exportInterval?: number;
  /** `service.name` of the resource. @default 'herald-service' */
  serviceName?: string;
  /** An exporter to use instead of the OTLP one (tests, console). */
  exporter?: PushMetricExporter;
  /** The collector whose series are exported. @default one of its own, until `MonitorModule` attaches the application's */
  collector?: MetricsCollector;
}

/**
 * The OTLP metrics backend on the OpenTelemetry metrics SDK: a `MeterProvider`
 * of its own (never the global one) whose periodic reader exports over
 * OTLP/HTTP (protobuf) every `exportInterval` seconds. What it exports is read
 * from the collector by a `MetricProducer` registered on that reader, so every
 * instrument of the application reaches OTLP, whichever way it was recorded;
 * `recordMetric()` records into the collector too.
 */
export class OtlpMetricsBackend extends CollectorMetricsBackend {
  readonly kind = 'opentelemetry';
  private provider: MeterProvider | undefined;

  constructor(private readonly options: OtlpBackendOptions = {}) {
    super(options.collector);
    const compression = options.compression ?? 'none';
    if (compression !== 'none' && compression !== 'gzip') {
      throw new HeraldValueError(
        `Invalid OTLP compression "${String(compression)}": use "none" or "gzip".`,
      );
    }
    const endpoint = options.endpoint ?? 'http://localhost:4318';
    if (
      endpoint.startsWith('http://') &&
      !options.insecure &&
      !/\/\/(localhost|127\.|\[::1\])/.test(endpoint)
    ) {
      new Logger('OtlpMetricsBackend').warn(
        `OTLP endpoint ${new URL(endpoint).origin} is plain HTTP; use https:// or set opentelemetry.insecure=true`,
      );
    }
  }

  /** Starts the periodic export. */
  async initialize(): Promise<void> {
    this.ensureProvider();
  }

  /** Spans go through the tracer's exporter, not this backend. */
  async export(): Promise<void> {}

  /** Exports what the collector holds now. */
  async forceFlush(): Promise<void> {
    await this.provider?.forceFlush();
  }

  /** Exports once more and stops the reader. */
  async shutdown(): Promise<void> {
    const provider = this.provider;
    this.provider = undefined;
    await provider?.shutdown();
  }

  private ensureProvider(): MeterProvider {
    if (this.provider) return this.provider;
    const sdk = requireOptional<typeof import('@opentelemetry/sdk-metrics')>(
      '@opentelemetry/sdk-metrics',
      'The OpenTelemetry metrics backend',
    );
    const o = this.options;
    const base =
      o.exporter ??
      MetricsExporterRegistry.withDefaults().createExporter({
        type: 'otlp',
        endpoint: o.endpoint,
        headers: o.headers,
        compression: o.compression,
        timeout: o.timeout,
      })!;
    const exporter = o.batchSize ? new BatchingMetricExporter(base, o.batchSize) : base;
    const intervalMs = Math.round((o.exportInterval ?? 60) * 1000);
    const reader = new sdk.PeriodicExportingMetricReader({
      exporter,
      exportIntervalMillis: intervalMs,
      exportTimeoutMillis: Math.min(intervalMs, Math.round((o.timeout ?? 10) * 1000)),
      metricProducers: [new CollectorMetricProducer(() => this.collector)],
    });
    this.provider = new sdk.MeterProvider({
      resource: resourceFromAttributes({ 'service.name': o.serviceName ?? 'herald-service' }),
      readers: [reader],
    });
    return this.provider;
  }
}
