import {
  TraceFlags,
  isSpanContextValid,
  type SpanContext as OtelSpanContext,
  type TraceState,
} from '@opentelemetry/api';
import type { SpanContextProtocol } from '@herald/contracts';

/** `version-traceid-parentid-flags`, lowercase hex only (W3C Trace Context, level 1). */
const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);

/**
 * SPEC `SpanContext`: the W3C identity of a span. It is an OpenTelemetry
 * `SpanContext` (same fields), so it can be handed to the OpenTelemetry API.
 *
 * @example SpanContext.fromTraceparent(req.headers.traceparent)?.traceId
 */
export class SpanContext implements SpanContextProtocol, OtelSpanContext {
  constructor(
    readonly traceId: string,
    readonly spanId: string,
    readonly traceFlags: number = TraceFlags.SAMPLED,
    readonly isRemote = false,
    readonly traceState?: TraceState,
  ) {}

  /** Wraps an OpenTelemetry span context (no copy of the ids' validity rules). */
  static fromOtel(ctx: OtelSpanContext): SpanContext {
    return ctx instanceof SpanContext
      ? ctx
      : new SpanContext(
          ctx.traceId,
          ctx.spanId,
          ctx.traceFlags,
          ctx.isRemote ?? false,
          ctx.traceState,
        );
  }

  /**
   * Parses a `traceparent` value by the W3C rules: lowercase hex, version `ff`
   * and all-zero trace/parent ids rejected, nothing after the flags for
   * version `00` (a later version may append `-`-separated fields). Returns
   * `undefined` for anything else (including surrounding whitespace).
   */
  static fromTraceparent(traceparent: unknown): SpanContext | undefined {
    if (typeof traceparent !== 'string') return undefined;
    const match = TRACEPARENT.exec(traceparent);
    if (!match) return undefined;
    const [, version, traceId, spanId, flags, extra] = match;
    if (version === 'ff' || traceId === ZERO_TRACE_ID || spanId === ZERO_SPAN_ID) return undefined;
    if (version === '00' && extra !== undefined) return undefined;
    return new SpanContext(traceId, spanId, parseInt(flags, 16), true);
  }

  /** True unless an id is malformed or all zeros. */
  isValid(): boolean {
    return isSpanContextValid(this);
  }

  /** Whether the sampled flag is set. */
  isSampled(): boolean {
    return (this.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
  }

  /** The version-00 `traceparent` header value of this context. */
  toTraceparent(): string {
    const flags = (this.traceFlags & 0xff).toString(16).padStart(2, '0');
    return `00-${this.traceId}-${this.spanId}-${flags}`;
  }

  toString(): string {
    return this.toTraceparent();
  }
}
