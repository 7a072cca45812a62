import { requireOptional } from '@herald/contracts/internal';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import {
  ExporterRegistry,
  type ExporterConfig,
  type ExporterHandler,
} from './exporter-registry.js';
import { createOtlpProtobufMetricExporter } from './otlp-protobuf.util.js';

/** Builds OpenTelemetry's `ConsoleMetricExporter` for `type: 'console'`. */
export class ConsoleMetricsExporterHandler implements ExporterHandler<PushMetricExporter> {
  canHandle(exporterType: string): boolean {
    return exporterType === 'console';
  }
  createExporter(): PushMetricExporter {
    const sdk = requireOptional<typeof import('@opentelemetry/sdk-metrics')>(
      '@opentelemetry/sdk-metrics',
      'The console metrics exporter',
    );
    return new sdk.ConsoleMetricExporter();
  }
}

/** Builds an OTLP/HTTP metric exporter (protobuf, optional gzip) for `type: 'otlp'`. */
export class OtlpMetricsExporterHandler implements ExporterHandler<PushMetricExporter> {
  canHandle(exporterType: string): boolean {
    return exporterType === 'otlp';
  }
  createExporter(expConfig: ExporterConfig): PushMetricExporter {
    return createOtlpProtobufMetricExporter(expConfig);
  }
}

/**
 * Builds metric exporters from `{ type, ... }`: `console` and `otlp` by default, yours first.
 *
 * @example MetricsExporterRegistry.withDefaults().createExporter({ type: 'otlp', endpoint: 'http://collector:4318' })
 */
export class MetricsExporterRegistry extends ExporterRegistry<PushMetricExporter> {
  /** A registry with the built-in `console` and `otlp` handlers. */
  static withDefaults(): MetricsExporterRegistry {
    return new MetricsExporterRegistry()
      .register(new ConsoleMetricsExporterHandler())
      .register(new OtlpMetricsExporterHandler());
  }
}
