import { ConsoleSpanExporter, type SpanExporter } from '@opentelemetry/sdk-trace-base';

/** OpenTelemetry's console span exporter: one `console.dir` per finished span (for local debugging). */
export function createConsoleTraceExporter(): SpanExporter {
  return new ConsoleSpanExporter();
}
