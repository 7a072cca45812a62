import {
  TraceFlags,
  isSpanContextValid,
  type SpanContext as OtelSpanContext,
  type TraceState,
} from '@opentelemetry/api';
import type { SpanContextProtocol } from '@herald/contracts';
import { formatTraceparent, parseTraceparent } from './traceparent.util.js';

/**
 * The W3C identity of a span. It is an OpenTelemetry
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
   * Parses a `traceparent` value by the W3C rules (levels 1 and 2): lowercase
   * hex, version `ff` and all-zero trace/parent ids rejected, nothing after
   * the flags for version `00` (a later version may append `-`-separated
   * fields), spaces and tabs around the value ignored. Returns `undefined`
   * for anything else. All eight flag bits are kept as received.
   */
  static fromTraceparent(traceparent: unknown): SpanContext | undefined {
    const fields = parseTraceparent(traceparent);
    return fields && new SpanContext(fields.traceId, fields.spanId, fields.traceFlags, true);
  }

  /** True unless an id is malformed or all zeros. */
  isValid(): boolean {
    return isSpanContextValid(this);
  }

  /** Whether the sampled flag is set. */
  isSampled(): boolean {
    return (this.traceFlags & TraceFlags.SAMPLED) === TraceFlags.SAMPLED;
  }

  /**
   * The version-00 `traceparent` header value of this context: the `sampled`
   * and `random` flags, every other flag bit written as zero.
   */
  toTraceparent(): string {
    return formatTraceparent(this.traceId, this.spanId, this.traceFlags);
  }

  toString(): string {
    return this.toTraceparent();
  }
}
