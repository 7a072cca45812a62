import { HealthConfig, HealthStatus } from '@herald/contracts';
import type { HealthCheckEntry } from './health-check-entry.js';
import { HealthCheckResult } from './health-check-result.js';
import { HealthResultCache } from './health-result-cache.js';

/** A check whose answer the test flips; `runs` counts real runs. */
function flippable(initial: HealthStatus) {
  const state = { status: initial, runs: 0 };
  const run = async () => {
    state.runs++;
    return new HealthCheckResult({ name: 'database', status: state.status });
  };
  return { state, run };
}

const entry = { name: 'database' } as HealthCheckEntry;

describe('HealthResultCache', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  /** Probes every 100 ms (as a load balancer might) until the answer is `status`; ms it took. */
  async function lag(cache: HealthResultCache, status: HealthStatus): Promise<number> {
    const start = Date.now();
    for (;;) {
      const answer = await cache.get(entry);
      if (answer.status === status) return Date.now() - start;
      jest.advanceTimersByTime(100);
      if (Date.now() - start > 60_000) throw new Error(`never ${status}`);
    }
  }

  it('sees a recovery within 1 s whatever the TTL: a failed result is neither kept long nor served stale', async () => {
    const { state, run } = flippable(HealthStatus.UNHEALTHY);
    const cache = new HealthResultCache(5000, run);
    expect((await cache.get(entry)).status).toBe(HealthStatus.UNHEALTHY);
    state.status = HealthStatus.HEALTHY;
    expect(await lag(cache, HealthStatus.HEALTHY)).toBeLessThanOrEqual(1000);
    // a burst during the outage still runs the check at most about once a second
    state.status = HealthStatus.UNHEALTHY;
    state.runs = 0;
    jest.advanceTimersByTime(10_000);
    for (let i = 0; i < 30; i++) {
      await cache.get(entry);
      jest.advanceTimersByTime(100);
    }
    expect(state.runs).toBeLessThanOrEqual(4);
  });

  it('sees an outage and a recovery within 2 s with the default health.cache_ttl', async () => {
    const { state, run } = flippable(HealthStatus.HEALTHY);
    const ttlMs = new HealthConfig({}).validate('monitor.health').cacheTtl * 1000;
    expect(ttlMs).toBe(1000);
    const cache = new HealthResultCache(ttlMs, run);
    expect((await cache.get(entry)).status).toBe(HealthStatus.HEALTHY);
    jest.advanceTimersByTime(900); // the worst moment: a result about to turn stale
    state.status = HealthStatus.UNHEALTHY;
    expect(await lag(cache, HealthStatus.UNHEALTHY)).toBeLessThanOrEqual(2000);
    state.status = HealthStatus.HEALTHY;
    expect(await lag(cache, HealthStatus.HEALTHY)).toBeLessThanOrEqual(2000);
  });

  it('keeps healthy results for the TTL (one run per TTL for a burst of probes)', async () => {
    const { state, run } = flippable(HealthStatus.HEALTHY);
    const cache = new HealthResultCache(1000, run);
    for (let i = 0; i < 50; i++) {
      await cache.get(entry);
      jest.advanceTimersByTime(20);
    }
    expect(state.runs).toBe(1);
  });
});
