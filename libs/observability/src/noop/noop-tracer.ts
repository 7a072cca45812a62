import type {
  RecordedSpanProtocol,
  SpanContextProtocol,
  SpanProtocol,
  TracerProtocol,
} from '@herald/contracts';

const INVALID_TRACE_ID = '0'.repeat(32);
const INVALID_SPAN_ID = '0'.repeat(16);

/** The invalid (all-zero) span context no-op spans carry. */
export const NOOP_SPAN_CONTEXT: SpanContextProtocol = Object.freeze({
  traceId: INVALID_TRACE_ID,
  spanId: INVALID_SPAN_ID,
  traceFlags: 0,
  isRemote: false,
  toTraceparent: () => `00-${INVALID_TRACE_ID}-${INVALID_SPAN_ID}-00`,
});

/** A span that records nothing. One shared instance serves every call. */
export class NoopSpan implements SpanProtocol {
  readonly name = 'noop';
  spanContext(): SpanContextProtocol {
    return NOOP_SPAN_CONTEXT;
  }
  setAttribute(..._args: unknown[]): this {
    return this;
  }
  addEvent(..._args: unknown[]): this {
    return this;
  }
  setStatus(..._args: unknown[]): this {
    return this;
  }
  recordException(..._args: unknown[]): this {
    return this;
  }
  end(): void {}
  finish(): void {}
  getDuration(): undefined {
    return undefined;
  }
  isRecording(): boolean {
    return false;
  }
}

export const NOOP_SPAN = new NoopSpan();

/**
 * The no-op tracer: no-op spans, no current span, `injectContext` leaves the
 * carrier unchanged and `extractContext` finds nothing.
 */
export class NoopTracer implements TracerProtocol {
  startSpan(..._args: unknown[]): SpanProtocol {
    return NOOP_SPAN;
  }
  withSpan<T>(_span: SpanProtocol, fn: () => T): T {
    return fn();
  }
  getCurrentSpan(): undefined {
    return undefined;
  }
  injectContext(carrier: Record<string, string>): Record<string, string> {
    return carrier;
  }
  extractContext(..._args: unknown[]): undefined {
    return undefined;
  }
  getAllSpans(): RecordedSpanProtocol[] {
    return [];
  }
  async flush(): Promise<void> {}
}
