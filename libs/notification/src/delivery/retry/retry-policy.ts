import { DeliveryError } from '../../errors/delivery.error.js';

/** Knobs of the retry policy; durations in milliseconds. */
export interface RetryPolicyOptions {
  /** Attempts per message, the first included. @default 5 */
  attempts?: number;
  /** Backoff base: the ceiling of the first retry's delay. @default 1000 */
  baseDelayMs?: number;
  /** No computed delay exceeds this (a provider's `Retry-After` may). @default 60000 */
  maxDelayMs?: number;
  /** Source of randomness in [0, 1), replaceable in tests. @default Math.random */
  random?: () => number;
}

export const DEFAULT_RETRY_ATTEMPTS = 5;
export const DEFAULT_RETRY_BASE_MS = 1000;
export const DEFAULT_RETRY_CAP_MS = 60_000;

/**
 * Exponential backoff with full jitter (AWS architecture blog, "Exponential
 * Backoff And Jitter"): the delay before retry `n` is uniform in
 * `[0, min(cap, base * 2^(n-1)))`. Only transient `DeliveryError`s are
 * retried, and a provider's `Retry-After` replaces the computed delay.
 *
 * The policy only decides; the loop belongs to `DeliveryEngine` (inline
 * delivery, `RetryingMailer`) and to the BullMQ worker's backoff, which record
 * every attempt in the delivery store.
 *
 * @example new RetryingMailer(mailer, { policy: new RetryPolicy({ attempts: 3, baseDelayMs: 500 }) })
 */
export class RetryPolicy {
  readonly attempts: number;
  readonly baseDelayMs: number;
  readonly maxDelayMs: number;
  private readonly random: () => number;

  constructor(options: RetryPolicyOptions = {}) {
    this.attempts = Math.max(1, Math.floor(options.attempts ?? DEFAULT_RETRY_ATTEMPTS));
    this.baseDelayMs = Math.max(0, options.baseDelayMs ?? DEFAULT_RETRY_BASE_MS);
    this.maxDelayMs = Math.max(0, options.maxDelayMs ?? DEFAULT_RETRY_CAP_MS);
    this.random = options.random ?? Math.random;
  }

  /** Upper bound of the jittered delay after failed attempt `attempt` (1-based). */
  ceilingFor(attempt: number): number {
    const exp = this.baseDelayMs * 2 ** Math.max(0, attempt - 1);
    return Math.min(this.maxDelayMs, exp);
  }

  /** Delay before the next attempt after `attempt` failed with `error`: `Retry-After` wins. */
  delayFor(attempt: number, error?: unknown): number {
    if (error instanceof DeliveryError && error.retryAfterMs !== undefined) {
      return Math.max(0, error.retryAfterMs);
    }
    return Math.floor(this.random() * this.ceilingFor(attempt));
  }

  /** True when `error` is a transient `DeliveryError` and attempts remain after `attempt`. */
  shouldRetry(error: unknown, attempt: number): boolean {
    return DeliveryError.isTransient(error) && attempt < this.attempts;
  }
}

/** A timer-based pause (so jest fake timers control it). */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
