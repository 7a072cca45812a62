import type { Attributes, Context, Link, SpanKind } from '@opentelemetry/api';
import { SamplingDecision, type Sampler, type SamplingResult } from '@opentelemetry/sdk-trace-base';
import { HeraldValueError } from '../../errors/index.js';

/**
 * Samples at most `maxTracesPerSecond` new traces per second (token bucket,
 * as Jaeger's rate-limiting sampler). OpenTelemetry JS has none; this one
 * implements its `Sampler` interface, so it also works as the root of a
 * `ParentBasedSampler`.
 *
 * @example new ParentBasedSampler({ root: new RateLimitingSampler(50) })
 */
export class RateLimitingSampler implements Sampler {
  private balance: number;
  private last: number;
  private readonly capacity: number;

  constructor(
    readonly maxTracesPerSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!Number.isFinite(maxTracesPerSecond) || maxTracesPerSecond < 0) {
      throw new HeraldValueError(
        `maxTracesPerSecond must be a finite number >= 0 (got ${maxTracesPerSecond}).`,
      );
    }
    this.capacity = maxTracesPerSecond > 0 ? Math.max(maxTracesPerSecond, 1) : 0;
    this.balance = this.capacity;
    this.last = now();
  }

  shouldSample(
    _context: Context,
    _traceId: string,
    _spanName: string,
    _spanKind: SpanKind,
    _attributes: Attributes,
    _links: Link[],
  ): SamplingResult {
    const now = this.now();
    this.balance = Math.min(
      this.capacity,
      this.balance + ((now - this.last) / 1000) * this.maxTracesPerSecond,
    );
    this.last = now;
    if (this.balance >= 1) {
      this.balance -= 1;
      return { decision: SamplingDecision.RECORD_AND_SAMPLED };
    }
    return { decision: SamplingDecision.NOT_RECORD };
  }

  toString(): string {
    return `RateLimitingSampler{${this.maxTracesPerSecond}}`;
  }
}
