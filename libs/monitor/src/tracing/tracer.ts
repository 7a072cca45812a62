import {
  ROOT_CONTEXT,
  context,
  isSpanContextValid,
  trace,
  type Attributes,
  type Context,
  type Span as OtelSpan,
  type SpanOptions,
  type TextMapPropagator,
  type Tracer as OtelTracer,
} from '@opentelemetry/api';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  type BasicTracerProvider,
  SimpleSpanProcessor,
  type BufferConfig,
  type Sampler,
  type SpanExporter,
  type SpanLimits,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import type {
  SpanContextProtocol,
  SpanProtocol,
  StartSpanOptions,
  TracerProtocol,
} from '@herald/contracts';
import { acquireContextManager, releaseContextManager } from './context-manager.util.js';
import { carrierGetter, carrierSetter, createPropagator } from './propagation.util.js';
import { DEFAULT_TRACER_MAX_SPANS, RecordingSpanProcessor } from './recording-span.processor.js';
import { RandomTraceFlagTracerProvider } from './random-trace-flag-tracer.provider.js';
import { markRandomTraceFlag, unmarkedStartSpan } from './random-trace-flag.util.js';
import { Span } from './span.js';
import { SpanContext } from './span-context.js';
import { toOtelKind } from './span-kind.util.js';

/** Shared by every span started without options (the SDK never writes to them): one allocation less. */
const NO_OPTIONS: SpanOptions = Object.freeze({});

/** Options of `new Tracer(serviceName, exporter?, options)`. */
export interface TracerOptions {
  /** Finished spans kept for `getAllSpans()`; the oldest is dropped first. @default 100 (DEFAULT_TRACER_MAX_SPANS) */
  maxSpans?: number;
  /** OpenTelemetry sampler (see `createSampler()`). @default ParentBased(AlwaysOn) */
  sampler?: Sampler;
  /** Per-span limits (`attributeCountLimit`, `eventCountLimit`, `linkCountLimit`...). @default OpenTelemetry's (128) */
  spanLimits?: SpanLimits;
  /** `tracecontext` and/or `baggage`. @default ['tracecontext', 'baggage'] */
  propagationFormats?: readonly string[];
  /** A ready propagator; wins over `propagationFormats`. */
  propagator?: TextMapPropagator;
  /** How the exporter is fed. @default 'batch' (OpenTelemetry's BatchSpanProcessor defaults) */
  processor?: 'batch' | 'simple';
  /** Batch processor settings (`maxExportBatchSize`, `scheduledDelayMillis`, ...). */
  batch?: BufferConfig;
  /** Extra resource attributes (`deployment.environment.name`, ...). */
  resourceAttributes?: Attributes;
  /** Further span processors, run after Herald's own. */
  spanProcessors?: SpanProcessor[];
}

/** Extra start options: an OpenTelemetry parent context, or no parent at all. */
export interface HeraldStartSpanOptions extends Omit<StartSpanOptions, 'context' | 'kind'> {
  kind?: StartSpanOptions['kind'] | number;
  /** Explicit parent: a span context or a span. @default the current span */
  context?: SpanContextProtocol | SpanProtocol;
  /** Start a new trace, ignoring the current span. */
  root?: boolean;
}

/**
 * Herald's tracer, built on OpenTelemetry's trace SDK: each tracer owns a
 * `BasicTracerProvider` (never registered globally, so a user's own SDK and
 * other Nest apps in the process are left alone) and uses the global context
 * manager for "the current span" (an AsyncLocalStorage one is registered only
 * if none is, see `context-manager.util.ts`).
 *
 * @example
 * const tracer = new Tracer('orders', new OTLPTraceExporter(), { maxSpans: 1000 });
 * const span = tracer.startSpan('charge', { attributes: { 'order.id': id }, kind: 'client' });
 */
export class Tracer implements TracerProtocol {
  /** The OpenTelemetry provider behind this tracer. */
  readonly provider: BasicTracerProvider;
  /** The provider's OpenTelemetry tracer, for code that speaks the OpenTelemetry API. */
  readonly otelTracer: OtelTracer;
  readonly propagator: TextMapPropagator;
  private readonly recorder: RecordingSpanProcessor;
  /** The SDK's startSpan without the flag wrapper (unbound, called on `otelTracer`): `startSpan()` marks the span itself. */
  private readonly startOtelSpan: (name: string, options?: SpanOptions, ctx?: Context) => OtelSpan;
  private closed = false;

  constructor(
    readonly serviceName = 'herald-service',
    readonly exporter?: SpanExporter,
    options: TracerOptions = {},
  ) {
    this.recorder = new RecordingSpanProcessor(options.maxSpans ?? DEFAULT_TRACER_MAX_SPANS);
    const processors: SpanProcessor[] = [this.recorder];
    if (exporter) {
      processors.push(
        options.processor === 'simple'
          ? new SimpleSpanProcessor(exporter)
          : new BatchSpanProcessor(exporter, options.batch),
      );
    }
    processors.push(...(options.spanProcessors ?? []));
    this.provider = new RandomTraceFlagTracerProvider({
      resource: defaultResource().merge(
        resourceFromAttributes({ ...options.resourceAttributes, 'service.name': serviceName }),
      ),
      sampler: options.sampler,
      spanLimits: options.spanLimits,
      spanProcessors: processors,
    });
    this.otelTracer = this.provider.getTracer('@herald/monitor');
    this.startOtelSpan = unmarkedStartSpan(this.otelTracer);
    this.propagator = options.propagator ?? createPropagator(options.propagationFormats);
    acquireContextManager();
  }

  get maxSpans(): number {
    return this.recorder.maxSpans;
  }

  /** Starts a span, child of `options.context` or of the current span. Kind defaults to INTERNAL. */
  startSpan(name: string, options?: HeraldStartSpanOptions): Span {
    if (options === undefined) {
      // The SDK reads the active context itself, and the flag needs it only for a non-SDK span.
      return new Span(
        markRandomTraceFlag(this.startOtelSpan.call(this.otelTracer, name, NO_OPTIONS)),
        name,
        this,
      );
    }
    // One literal, one shape; without an explicit parent the SDK reads the active context itself.
    const otelOptions: SpanOptions = {
      kind: toOtelKind(options.kind as never),
      attributes: options.attributes as Attributes | undefined,
      root: options.root === true,
    };
    const parent = options.context === undefined ? undefined : this.parentContext(options.context);
    return new Span(
      markRandomTraceFlag(
        this.startOtelSpan.call(this.otelTracer, name, otelOptions, parent),
        parent,
        options.root,
      ),
      name,
      this,
    );
  }

  /** Runs `fn` with `span` as the current span (across awaits) and returns what it returns. */
  withSpan<T>(span: SpanProtocol, fn: () => T): T {
    return context.with(trace.setSpan(context.active(), toOtelSpan(span)), fn);
  }

  /** The current span (Herald's or any OpenTelemetry span), `undefined` when there is none. */
  getCurrentSpan(): Span | undefined {
    const span = trace.getSpan(context.active());
    return span && isSpanContextValid(span.spanContext()) ? Span.of(span) : undefined;
  }

  /** Writes `traceparent` (and `tracestate`, `baggage`) of `ctx` or of the current span into `carrier`. */
  injectContext(
    carrier: Record<string, string>,
    ctx?: SpanContextProtocol,
  ): Record<string, string> {
    const base = ctx ? this.parentContext(ctx) : context.active();
    this.propagator.inject(base, carrier, carrierSetter);
    return carrier;
  }

  /** The remote span context in `carrier` (HTTP headers, message headers), or `undefined`. */
  extractContext(carrier: Record<string, string | string[] | undefined>): SpanContext | undefined {
    const spanContext = trace.getSpanContext(this.extractOtelContext(carrier));
    return spanContext && isSpanContextValid(spanContext)
      ? SpanContext.fromOtel(spanContext)
      : undefined;
  }

  /** The full OpenTelemetry context (span context and baggage) found in `carrier`. */
  extractOtelContext(carrier: Record<string, unknown>, base: Context = ROOT_CONTEXT): Context {
    return this.propagator.extract(base, carrier, carrierGetter);
  }

  /** Finished spans this tracer kept (at most `maxSpans`), oldest first. */
  getAllSpans(): Span[] {
    return this.recorder.spans();
  }

  /** Forgets the kept spans. */
  clearSpans(): void {
    this.recorder.clear();
  }

  /** Exports every finished span now. */
  async flush(): Promise<void> {
    await this.provider.forceFlush();
  }

  /** Flushes, stops the processors and releases the context manager. Idempotent. */
  async shutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    try {
      await this.provider.shutdown();
    } finally {
      releaseContextManager();
    }
  }

  private parentContext(parent: SpanContextProtocol | SpanProtocol | undefined): Context {
    if (parent === undefined) return context.active();
    const spanContext =
      typeof (parent as SpanProtocol).spanContext === 'function'
        ? (parent as SpanProtocol).spanContext()
        : (parent as SpanContextProtocol);
    return trace.setSpanContext(context.active(), spanContext);
  }
}

/** The OpenTelemetry span of any `SpanProtocol` (a foreign one becomes a non-recording span). */
export function toOtelSpan(span: SpanProtocol): OtelSpan {
  return span instanceof Span ? span.otelSpan : trace.wrapSpanContext(span.spanContext());
}
