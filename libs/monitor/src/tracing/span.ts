import { hrTimeToMilliseconds } from '@opentelemetry/core';
import type { AttributeValue, Attributes, Span as OtelSpan, SpanStatus } from '@opentelemetry/api';
import type { ReadableSpan } from '@opentelemetry/sdk-trace-base';
import type {
  HeraldSpanKind,
  SpanAttributeValue,
  SpanAttributes,
  SpanProtocol,
  SpanStatusLike,
  TracerProtocol,
} from '@herald/contracts';
import { SpanContext } from './span-context.js';
import { fromOtelKind, fromOtelStatus, toOtelStatus } from './span-kind.util.js';

/** Property under which an OpenTelemetry span points back at its Herald wrapper. */
export const HERALD_SPAN = Symbol.for('herald.span');

type Readable = Partial<ReadableSpan>;

/**
 * A thin wrapper around an OpenTelemetry span, so Herald spans
 * nest with auto-instrumentation and nestjs-otel spans. `otelSpan` is the
 * underlying span for code that speaks the OpenTelemetry API.
 */
export class Span implements SpanProtocol {
  private startedAt: number | undefined;
  private endedAt: number | undefined;

  constructor(
    /** The OpenTelemetry span behind this one. */
    readonly otelSpan: OtelSpan,
    private spanName: string,
    /** The Herald tracer that started it (`undefined` for a foreign OpenTelemetry span). */
    readonly tracer?: TracerProtocol,
  ) {
    (otelSpan as any)[HERALD_SPAN] = this;
    // Both fields set here, so every span has one shape (a recording span times itself).
    this.startedAt = otelSpan.isRecording() ? undefined : performance.now();
    this.endedAt = undefined;
  }

  /** The Herald wrapper of an OpenTelemetry span (created if it has none). */
  static of(otelSpan: OtelSpan): Span {
    return (
      ((otelSpan as any)[HERALD_SPAN] as Span | undefined) ??
      new Span(otelSpan, (otelSpan as Readable).name ?? '')
    );
  }

  get name(): string {
    return this.spanName;
  }

  /** The span's identity (trace id, span id, flags). */
  spanContext(): SpanContext {
    return SpanContext.fromOtel(this.otelSpan.spanContext());
  }

  get traceId(): string {
    return this.otelSpan.spanContext().traceId;
  }

  get spanId(): string {
    return this.otelSpan.spanContext().spanId;
  }

  /** Span id of the parent, `undefined` for a root span. */
  get parentSpanId(): string | undefined {
    return (this.otelSpan as Readable).parentSpanContext?.spanId;
  }

  get kind(): HeraldSpanKind {
    const kind = (this.otelSpan as Readable).kind;
    return kind === undefined ? 'internal' : fromOtelKind(kind);
  }

  /** Recorded attributes (empty for a non-recording span). */
  get attributes(): Readonly<Record<string, unknown>> {
    return (this.otelSpan as Readable).attributes ?? {};
  }

  /** Recorded events, each `{ name, attributes }`. */
  get events(): Array<{ name: string; attributes: Readonly<Record<string, unknown>> }> {
    return ((this.otelSpan as Readable).events ?? []).map((e) => ({
      name: e.name,
      attributes: e.attributes ?? {},
    }));
  }

  get status(): SpanStatusLike {
    const status = (this.otelSpan as Readable).status;
    return status ? fromOtelStatus(status) : { code: 'unset' };
  }

  /** True once `end()` has been called. */
  get ended(): boolean {
    return this.endedAt !== undefined || (this.otelSpan as Readable).ended === true;
  }

  setAttribute(key: string, value: SpanAttributeValue): this {
    this.otelSpan.setAttribute(key, value as AttributeValue);
    return this;
  }

  setAttributes(attributes: SpanAttributes): this {
    this.otelSpan.setAttributes(attributes as Attributes);
    return this;
  }

  addEvent(name: string, attributes?: SpanAttributes): this {
    this.otelSpan.addEvent(name, attributes as Attributes | undefined);
    return this;
  }

  /** `'ok'`, `'error'`, `{ code: 'error', message }` or OpenTelemetry's `SpanStatus`. */
  setStatus(status: SpanStatusLike | SpanStatusLike['code'] | SpanStatus): this {
    this.otelSpan.setStatus(toOtelStatus(status));
    return this;
  }

  /** Adds an `exception` event (type, message, stack), as OpenTelemetry does. */
  recordException(exception: unknown): this {
    const value =
      exception instanceof Error || typeof exception === 'string'
        ? exception
        : { message: String(exception) };
    this.otelSpan.recordException(value);
    return this;
  }

  /** Renames the span (e.g. once the route template is known). */
  updateName(name: string): this {
    this.spanName = name;
    this.otelSpan.updateName(name);
    return this;
  }

  end(): void {
    if (this.startedAt !== undefined && this.endedAt === undefined)
      this.endedAt = performance.now();
    this.otelSpan.end();
  }

  /** Alias of `end()`. */
  finish(): void {
    this.end();
  }

  /** Milliseconds between start and end; `undefined` before `end()`. */
  getDuration(): number | undefined {
    if (this.startedAt !== undefined) {
      return this.endedAt === undefined ? undefined : this.endedAt - this.startedAt;
    }
    const readable = this.otelSpan as Readable;
    return readable.ended && readable.duration
      ? hrTimeToMilliseconds(readable.duration)
      : undefined;
  }

  isRecording(): boolean {
    return this.otelSpan.isRecording();
  }
}
