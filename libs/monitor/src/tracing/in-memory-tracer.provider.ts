import { context, trace } from '@opentelemetry/api';
import type { SpanExporter } from '@opentelemetry/sdk-trace-base';
import type { SpanContextProtocol, SpanProtocol } from '@herald/contracts';
import { DEFAULT_MAX_SPANS } from './recording-span.processor.js';
import type { Span } from './span.js';
import { Tracer, type HeraldStartSpanOptions, type TracerOptions } from './tracer.js';

/** Options of `new InMemoryTracerProvider(options)`. */
export interface InMemoryTracerProviderOptions extends Omit<TracerOptions, 'processor'> {
  /** @default 'herald-service' */
  serviceName?: string;
  /** Finished spans kept; the oldest is dropped first. @default 10000 (DEFAULT_MAX_SPANS) */
  maxSpans?: number;
  /** Also hand each finished span to this exporter, synchronously (simple processor). */
  exporter?: SpanExporter;
}

/**
 * An in-memory tracer provider, for tests: a real OpenTelemetry-backed
 * `Tracer` whose finished spans stay in memory (bounded by `maxSpans`, the
 * oldest dropped), with `createSpan(name, parent?)` and a settable current
 * span. Call `shutdown()` when done.
 *
 * @example
 * const tracing = new InMemoryTracerProvider({ maxSpans: 100 });
 * tracing.createSpan('work').end();
 * expect(tracing.getAllSpans().map((s) => s.name)).toEqual(['work']);
 */
export class InMemoryTracerProvider extends Tracer {
  private manualCurrent: Span | undefined;

  constructor(
    options: InMemoryTracerProviderOptions | string = {},
    maxSpans?: number,
    exporter?: SpanExporter,
  ) {
    const opts =
      typeof options === 'string' ? { serviceName: options, maxSpans, exporter } : options;
    super(opts.serviceName ?? 'herald-service', opts.exporter, {
      ...opts,
      maxSpans: opts.maxSpans ?? DEFAULT_MAX_SPANS,
      processor: 'simple',
    });
  }

  /** Starts a span, child of `parent` (a span or span context) or of the current span. */
  createSpan(name: string, parent?: SpanProtocol | SpanContextProtocol): Span {
    return this.startSpan(name, parent ? { context: parent } : undefined);
  }

  override startSpan(name: string, options?: HeraldStartSpanOptions): Span {
    if (this.manualCurrent && !options?.context && !options?.root && !activeSpan()) {
      return super.startSpan(name, { ...options, context: this.manualCurrent });
    }
    return super.startSpan(name, options);
  }

  /**
   * Makes `span` the current span. With `fn`, only while `fn` runs (its
   * result is returned); without, until the next `setCurrentSpan()` (an
   * active context span still wins). `undefined` clears it.
   */
  setCurrentSpan<T>(span: Span | undefined, fn?: () => T): T | undefined {
    if (fn) return span ? this.withSpan(span, fn) : fn();
    this.manualCurrent = span;
    return undefined;
  }

  override getCurrentSpan(): Span | undefined {
    return super.getCurrentSpan() ?? this.manualCurrent;
  }

  /** Forgets the kept spans and the manually set current span. */
  reset(): void {
    this.clearSpans();
    this.manualCurrent = undefined;
  }
}

function activeSpan(): boolean {
  return trace.getSpan(context.active()) !== undefined;
}
