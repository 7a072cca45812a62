import type { Context } from '@opentelemetry/api';
import type { ReadableSpan, Span as SdkSpan, SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { HeraldValueError } from '../errors/index.js';
import { Span } from './span.js';

/** Finished spans the in-memory tracer provider keeps when `maxSpans` is not given. */
export const DEFAULT_MAX_SPANS = 10_000;

/**
 * Finished spans a production `Tracer` keeps for `getAllSpans()` when
 * `maxSpans` is not given. Small on purpose: every kept span survives the
 * young-generation GC, and keeping 10,000 doubles the cost of a span
 * (bench/tracing); use `InMemoryTracerProvider` to keep many in tests.
 */
export const DEFAULT_TRACER_MAX_SPANS = 100;

/**
 * Keeps the last `maxSpans` finished (sampled) spans in a ring: when it is
 * full the oldest is dropped. What `Tracer.getAllSpans()` reads.
 */
export class RecordingSpanProcessor implements SpanProcessor {
  private readonly ring: Array<ReadableSpan | undefined>;
  private next = 0;
  private size = 0;

  constructor(readonly maxSpans: number = DEFAULT_TRACER_MAX_SPANS) {
    if (!Number.isInteger(maxSpans) || maxSpans < 1) {
      throw new HeraldValueError(`maxSpans must be an integer >= 1 (got ${maxSpans}).`);
    }
    this.ring = new Array(maxSpans);
  }

  onStart(_span: SdkSpan, _parentContext: Context): void {}

  onEnd(span: ReadableSpan): void {
    this.ring[this.next] = span;
    this.next = this.next + 1 === this.maxSpans ? 0 : this.next + 1;
    if (this.size < this.maxSpans) this.size += 1;
  }

  /** Finished spans, oldest first. */
  spans(): Span[] {
    const out: Span[] = [];
    const start = this.size < this.maxSpans ? 0 : this.next;
    for (let i = 0; i < this.size; i++) {
      const readable = this.ring[(start + i) % this.maxSpans];
      if (readable) out.push(Span.of(readable as unknown as SdkSpan));
    }
    return out;
  }

  clear(): void {
    this.ring.fill(undefined);
    this.next = 0;
    this.size = 0;
  }

  async forceFlush(): Promise<void> {}
  async shutdown(): Promise<void> {}
}
