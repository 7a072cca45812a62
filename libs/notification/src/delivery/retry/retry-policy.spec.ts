import { DeliveryError } from '../../errors/delivery.error.js';
import { RetryPolicy } from './retry-policy.js';

const transient = (retryAfterMs?: number) =>
  new DeliveryError('503 from provider', { reason: 'provider_unavailable', retryAfterMs });
const permanent = () => new DeliveryError('bad number', { reason: 'invalid_recipient' });

describe('RetryPolicy', () => {
  it('documents its defaults: 5 attempts, 1 s base, 60 s cap', () => {
    const policy = new RetryPolicy();
    expect([policy.attempts, policy.baseDelayMs, policy.maxDelayMs]).toEqual([5, 1000, 60000]);
  });

  it('doubles the ceiling per attempt and stops at the cap', () => {
    const policy = new RetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000 });
    expect([1, 2, 3, 4, 5, 6].map((n) => policy.ceilingFor(n))).toEqual([
      100, 200, 400, 800, 1000, 1000,
    ]);
  });

  it('draws full jitter: the delay spans [0, ceiling) and covers both ends', () => {
    const policy = new RetryPolicy({ baseDelayMs: 100, maxDelayMs: 10_000 });
    const delays = Array.from({ length: 2000 }, () => policy.delayFor(4));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...delays)).toBeLessThan(800);
    expect(Math.min(...delays)).toBeLessThan(80);
    expect(Math.max(...delays)).toBeGreaterThan(720);
    const edges = new RetryPolicy({ baseDelayMs: 100, random: () => 0 });
    expect(edges.delayFor(3)).toBe(0);
    expect(new RetryPolicy({ baseDelayMs: 100, random: () => 0.999999 }).delayFor(3)).toBe(399);
  });

  it('lets Retry-After win over the computed delay, even above the cap', () => {
    const policy = new RetryPolicy({ baseDelayMs: 100, maxDelayMs: 1000, random: () => 0.5 });
    expect(policy.delayFor(1, transient(4500))).toBe(4500);
    expect(policy.delayFor(1, transient())).toBe(50);
  });

  it('retries only transient DeliveryErrors, and only while attempts remain', () => {
    const policy = new RetryPolicy({ attempts: 3 });
    expect(policy.shouldRetry(transient(), 1)).toBe(true);
    expect(policy.shouldRetry(transient(), 2)).toBe(true);
    expect(policy.shouldRetry(transient(), 3)).toBe(false);
    expect(policy.shouldRetry(permanent(), 1)).toBe(false);
    expect(policy.shouldRetry(new TypeError('driver bug'), 1)).toBe(false);
  });
});
