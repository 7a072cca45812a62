import type {
  HeraldSpanKind,
  MetricLabels,
  SpanAttributes,
  SpanProtocol,
  StartSpanOptions,
  TracerProtocol,
} from '@herald/contracts';
import { NoopMetricsCollector, NoopSpan } from '@herald/observability';
import { DeliveryTelemetry } from '../delivery-telemetry.js';

/** A span that keeps what was set on it (test helper). */
export class RecordedSpan extends NoopSpan implements SpanProtocol {
  readonly attributes: SpanAttributes;
  status?: unknown;
  ended = false;
  exceptions: unknown[] = [];
  readonly parentSpanId = undefined;
  get kind(): HeraldSpanKind {
    return this.options.kind ?? 'internal';
  }
  constructor(
    readonly spanName: string,
    readonly options: StartSpanOptions,
  ) {
    super();
    this.attributes = { ...options.attributes };
  }
  override setAttribute(...args: any[]): this {
    const [key, value] = args as [string, any];
    this.attributes[key] = value;
    return this;
  }
  override setStatus(status?: unknown): this {
    this.status = status;
    return this;
  }
  override recordException(e?: unknown): this {
    this.exceptions.push(e);
    return this;
  }
  override end(): void {
    this.ended = true;
  }
}

/** Tracer + metrics that record spans and increments (test helper). */
export function recordingTelemetry() {
  const spans: RecordedSpan[] = [];
  const counts: Array<{ name: string; value: number; tags?: MetricLabels }> = [];
  const tracer: TracerProtocol = {
    startSpan: (name, options = {}) => {
      const span = new RecordedSpan(name, options);
      spans.push(span);
      return span as SpanProtocol;
    },
    withSpan: (_s, fn) => fn(),
    getCurrentSpan: () => undefined,
    injectContext: (carrier) =>
      Object.assign(carrier, {
        traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01',
      }),
    extractContext: () => undefined,
    getAllSpans: () => spans,
    flush: async () => undefined,
  };
  const metrics = new NoopMetricsCollector();
  (metrics as any).increment = (name: string, value = 1, tags?: MetricLabels) =>
    void counts.push({ name, value, tags });
  (metrics as any).histogram = (name: string, value: number, tags?: MetricLabels) =>
    void counts.push({ name, value, tags });
  return { telemetry: new DeliveryTelemetry(tracer, metrics), spans, counts, tracer, metrics };
}
