/**
 * `@herald/monitor/otlp`: the parts typed by the OpenTelemetry metrics SDK,
 * for apps that install it with the OTLP exporter packages
 * (`npm install @opentelemetry/sdk-metrics @opentelemetry/otlp-exporter-base
 * @opentelemetry/otlp-transformer`). `MonitorModule` with
 * `backendType: 'opentelemetry'` builds the backend itself; import from here
 * to build one in code or to create the exporters yourself.
 */
export {
  OtlpMetricsBackend,
  type OtlpBackendOptions,
} from '../metrics/backends/otlp-metrics.backend.js';
export {
  MetricsExporterRegistry,
  ConsoleMetricsExporterHandler,
  OtlpMetricsExporterHandler,
} from '../metrics/exporters/metrics-exporter.registry.js';
export { CollectorMetricProducer } from '../metrics/exporters/collector-metric.producer.js';
export {
  createOtlpProtobufMetricExporter,
  createOtlpProtobufSpanExporter,
} from '../metrics/exporters/otlp-protobuf.util.js';
