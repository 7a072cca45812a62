/** Span kinds, as in OpenTelemetry (lower-case names). */
export type HeraldSpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export type SpanAttributeValue = string | number | boolean | Array<string | number | boolean>;
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

export interface SpanStatusLike {
  code: 'unset' | 'ok' | 'error';
  message?: string;
}

/** Identity of a span, W3C trace-context style. */
export interface SpanContextProtocol {
  readonly traceId: string;
  readonly spanId: string;
  readonly traceFlags: number;
  readonly isRemote?: boolean;
  toTraceparent(): string;
}

/** A span: one timed operation of a trace, with attributes, events and a status. */
export interface SpanProtocol {
  readonly name: string;
  spanContext(): SpanContextProtocol;
  setAttribute(key: string, value: SpanAttributeValue): this;
  addEvent(name: string, attributes?: SpanAttributes): this;
  setStatus(status: SpanStatusLike | SpanStatusLike['code']): this;
  recordException(exception: unknown): this;
  end(): void;
  /** Alias of `end()`. */
  finish(): void;
  /** Milliseconds between start and end; `undefined` before `end()`. */
  getDuration(): number | undefined;
  isRecording(): boolean;
}

/**
 * A span the tracer kept (`getAllSpans()`): a span plus what tests read back.
 * `parentSpanId` is `undefined` for a root span.
 */
export interface RecordedSpanProtocol extends SpanProtocol {
  readonly kind: HeraldSpanKind;
  readonly parentSpanId: string | undefined;
  readonly attributes: Readonly<Record<string, unknown>>;
}

export interface StartSpanOptions {
  attributes?: SpanAttributes;
  /** Explicit parent; defaults to the current span. */
  context?: SpanContextProtocol;
  kind?: HeraldSpanKind;
}

/** Starts spans and carries trace context across process boundaries (bound under `TRACER`). */
export interface TracerProtocol {
  startSpan(name: string, options?: StartSpanOptions): SpanProtocol;
  /** Runs `fn` with `span` as the current span (across awaits) and returns its result. */
  withSpan<T>(span: SpanProtocol, fn: () => T): T;
  getCurrentSpan(): SpanProtocol | undefined;
  injectContext(
    carrier: Record<string, string>,
    context?: SpanContextProtocol,
  ): Record<string, string>;
  extractContext(
    carrier: Record<string, string | string[] | undefined>,
  ): SpanContextProtocol | undefined;
  /** Finished spans the tracer kept, oldest first (none for the no-op tracer). */
  getAllSpans(): RecordedSpanProtocol[];
  flush(): Promise<void>;
}
