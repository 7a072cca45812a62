import { Logger } from '@nestjs/common';
import {
  requireOptional,
  type BackendMetricType,
  type MetricLabels,
  type MetricsBackendProtocol,
} from '@herald/contracts';
import type { Counter, Gauge, Histogram, Meter } from '@opentelemetry/api';
import type { MeterProvider, PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { HeraldValueError } from '../../errors/herald-value.error';
import { BatchingMetricExporter } from '../exporters/batching-metric.exporter';
import { MetricsExporterRegistry } from '../exporters/metrics-exporter.registry';

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
}

/**
 * SPEC OTLP metrics backend on the OpenTelemetry metrics SDK: a `MeterProvider`
 * of its own (never the global one) with a periodic reader exporting over
 * OTLP/HTTP (protobuf) every `exportInterval` seconds. `recordMetric` maps
 * counter → `Counter.add`, gauge → `Gauge.record`, histogram → `Histogram.record`.
 */
export class OtlpMetricsBackend implements MetricsBackendProtocol {
  readonly kind = 'opentelemetry';
  private provider: MeterProvider | undefined;
  private meter: Meter | undefined;
  private readonly instruments = new Map<string, Counter | Gauge | Histogram>();

  constructor(private readonly options: OtlpBackendOptions = {}) {
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

  async initialize(): Promise<void> {
    this.ensureMeter();
  }

  recordMetric(
    name: string,
    value: number,
    metricType: BackendMetricType,
    labels?: MetricLabels,
  ): void {
    const key = `${metricType}\u0000${name}`;
    let instrument = this.instruments.get(key);
    if (instrument === undefined) {
      const meter = this.ensureMeter();
      if (metricType === 'counter') instrument = meter.createCounter(name);
      else if (metricType === 'gauge') instrument = meter.createGauge(name);
      else if (metricType === 'histogram') instrument = meter.createHistogram(name);
      else {
        throw new HeraldValueError(
          `Unknown metric type "${String(metricType)}" for "${name}": use counter, gauge or histogram.`,
        );
      }
      this.instruments.set(key, instrument);
    }
    if (metricType === 'counter') (instrument as Counter).add(value, labels);
    else (instrument as Gauge | Histogram).record(value, labels);
  }

  /** Spans go through the tracer's exporter, not this backend. */
  async export(): Promise<void> {}

  /** Exports what has been recorded now. */
  async forceFlush(): Promise<void> {
    await this.provider?.forceFlush();
  }

  /** Flushes and stops the reader. */
  async shutdown(): Promise<void> {
    const provider = this.provider;
    this.provider = undefined;
    this.meter = undefined;
    this.instruments.clear();
    await provider?.shutdown();
  }

  private ensureMeter(): Meter {
    if (this.meter) return this.meter;
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
    });
    this.provider = new sdk.MeterProvider({
      resource: resourceFromAttributes({ 'service.name': o.serviceName ?? 'herald-service' }),
      readers: [reader],
    });
    this.meter = this.provider.getMeter('@herald/monitor');
    return this.meter;
  }
}
