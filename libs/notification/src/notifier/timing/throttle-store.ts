import { randomUUID } from 'node:crypto';
import { TimingRedis, type RedisTimingStoreOptions } from './redis-client.util.js';

/** What `ThrottleStore.take` answers: a slot, or when the next one frees up (epoch ms). */
export type ThrottleVerdict = { allowed: true } | { allowed: false; retryAtMs: number };

/**
 * Counts sends per key in a sliding window, for `throttleGate()`:
 * `MemoryThrottleStore` (one process) or `RedisThrottleStore` (shared by
 * every instance).
 */
export interface ThrottleStore {
  /** Takes a slot unless `limit` were taken within the `perMs` before `now`. */
  take(key: string, limit: number, perMs: number, now: number): Promise<ThrottleVerdict>;
  close?(): Promise<void>;
}

/** Sliding-window counts in this process; keys whose window emptied are swept now and then. */
export class MemoryThrottleStore implements ThrottleStore {
  private readonly hits = new Map<string, number[]>();
  private readonly windows = new Map<string, number>();
  private takes = 0;

  async take(key: string, limit: number, perMs: number, now: number): Promise<ThrottleVerdict> {
    if (++this.takes % 1000 === 0) this.sweep(now);
    this.windows.set(key, perMs);
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - perMs);
    if (recent.length < limit) {
      recent.push(now);
      this.hits.set(key, recent);
      return { allowed: true };
    }
    this.hits.set(key, recent);
    return { allowed: false, retryAtMs: Math.min(...recent) + perMs };
  }

  /** How many keys it holds. */
  get size(): number {
    return this.hits.size;
  }

  private sweep(now: number): void {
    for (const [key, times] of this.hits)
      if (times.every((t) => t <= now - (this.windows.get(key) ?? 0))) {
        this.hits.delete(key);
        this.windows.delete(key);
      }
  }
}

// A sorted set per key (score: send time): drop what left the window, then take a slot or
// answer when the oldest one leaves. Atomic, so instances never overshoot the limit.
const TAKE = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return -1
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return tonumber(oldest[2]) + tonumber(ARGV[2])
`;

/** Sliding-window counts in Redis (a sorted set per key, `<prefix>:throttle:<key>`). */
export class RedisThrottleStore implements ThrottleStore {
  private readonly redis: TimingRedis;
  private readonly prefix: string;

  constructor(options: RedisTimingStoreOptions = {}) {
    this.redis = new TimingRedis(options, 'RedisThrottleStore');
    this.prefix = `${options.prefix ?? 'herald'}:throttle:`;
  }

  async take(key: string, limit: number, perMs: number, now: number): Promise<ThrottleVerdict> {
    const answer = Number(
      await this.redis.client.eval(
        TAKE,
        1,
        this.prefix + key,
        now,
        perMs,
        limit,
        `${now}:${randomUUID()}`,
      ),
    );
    return answer < 0 ? { allowed: true } : { allowed: false, retryAtMs: answer };
  }

  /** Drops the connection it opened (reopened on next use). */
  async close(): Promise<void> {
    this.redis.close();
  }
}
