import { ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import {
  ExporterRegistry,
  type ExporterConfig,
  type ExporterHandler,
} from './exporter-registry.js';
import { createOtlpProtobufSpanExporter } from './otlp-protobuf.util.js';

/** Builds OpenTelemetry's `ConsoleSpanExporter` for `type: 'console'`. */
export class ConsoleTracingExporterHandler implements ExporterHandler<SpanExporter> {
  canHandle(exporterType: string): boolean {
    return exporterType === 'console';
  }
  createExporter(): SpanExporter {
    return new ConsoleSpanExporter();
  }
}

/** Builds an OTLP/HTTP span exporter (protobuf, optional gzip) for `type: 'otlp'`. */
export class OtlpTracingExporterHandler implements ExporterHandler<SpanExporter> {
  canHandle(exporterType: string): boolean {
    return exporterType === 'otlp';
  }
  createExporter(expConfig: ExporterConfig): SpanExporter {
    return createOtlpProtobufSpanExporter(expConfig);
  }
}

/**
 * Builds span exporters from `{ type, ... }` (`console` and `otlp` by default): what the tracer's span exporter is built from.
 *
 * @example TracingExporterRegistry.withDefaults().createExporter({ type: 'console' })
 */
export class TracingExporterRegistry extends ExporterRegistry<SpanExporter> {
  /** A registry with the built-in `console` and `otlp` handlers. */
  static withDefaults(): TracingExporterRegistry {
    return new TracingExporterRegistry()
      .register(new ConsoleTracingExporterHandler())
      .register(new OtlpTracingExporterHandler());
  }
}
