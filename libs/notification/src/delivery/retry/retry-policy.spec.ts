import { DeliveryError } from '../../errors/delivery.error';
import { RetryPolicy } from './retry-policy';

const transient = (retryAfterMs?: number) =>
  new DeliveryError('503 from provider', { reason: 'provider_unavailable', retryAfterMs });
const permanent = () => new DeliveryError('bad number', { reason: 'invalid_recipient' });

describe('RetryPolicy', () => {
  afterEach(() => jest.useRealTimers());

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

  it('retries transient errors with the backoff, on the clock', async () => {
    jest.useFakeTimers();
    const policy = new RetryPolicy({ attempts: 3, baseDelayMs: 1000, random: () => 0.5 });
    const calls: number[] = [];
    const run = policy.execute(async (attempt) => {
      calls.push(Date.now());
      if (attempt < 3) throw transient();
      return 'ok';
    });
    await jest.advanceTimersByTimeAsync(0);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(2);
    await jest.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toBe('ok');
    expect(calls.map((t) => t - calls[0])).toEqual([0, 500, 1500]);
  });

  it('waits exactly Retry-After when the provider sends one', async () => {
    jest.useFakeTimers();
    const policy = new RetryPolicy({ attempts: 2, baseDelayMs: 10, random: () => 0 });
    const calls: number[] = [];
    const run = policy.execute(async (attempt) => {
      calls.push(Date.now());
      if (attempt === 1) throw transient(7000);
      return 'ok';
    });
    await jest.advanceTimersByTimeAsync(6999);
    expect(calls).toHaveLength(1);
    await jest.advanceTimersByTimeAsync(1);
    await expect(run).resolves.toBe('ok');
    expect(calls[1] - calls[0]).toBe(7000);
  });

  it('never retries permanent errors or errors that are not DeliveryErrors', async () => {
    const policy = new RetryPolicy({ attempts: 5, baseDelayMs: 0 });
    const fn = jest.fn(async () => {
      throw permanent();
    });
    await expect(policy.execute(fn)).rejects.toMatchObject({ reason: 'invalid_recipient' });
    expect(fn).toHaveBeenCalledTimes(1);
    const bug = jest.fn(async () => {
      throw new TypeError('driver bug');
    });
    await expect(policy.execute(bug)).rejects.toThrow('driver bug');
    expect(bug).toHaveBeenCalledTimes(1);
  });

  it('gives up after the configured attempts with the last error', async () => {
    const policy = new RetryPolicy({ attempts: 4, baseDelayMs: 0 });
    const errors = [1, 2, 3, 4].map(() => transient());
    const fn = jest.fn(async (attempt: number) => {
      throw errors[attempt - 1];
    });
    const retries: number[] = [];
    await expect(policy.execute(fn, (_e, attempt) => void retries.push(attempt))).rejects.toBe(
      errors[3],
    );
    expect(fn).toHaveBeenCalledTimes(4);
    expect(retries).toEqual([1, 2, 3]);
  });
});
