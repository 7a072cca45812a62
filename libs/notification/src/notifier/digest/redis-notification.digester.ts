import { createHash } from 'node:crypto';
import type { DigestEntry } from '../gates/notification-gate.interface.js';
import { TimingRedis, type RedisTimingStoreOptions } from '../timing/redis-client.util.js';
import { windowOf, type DigestBuffer } from './digest-buffer.js';

// KEYS[1]: the key's open-window marker (value: window end, expires then); ARGV: now,
// windowMs, entry, list key prefix, extra list lifetime. Opens a window if none is open, appends.
const PUSH = `
local stamp = redis.call('GET', KEYS[1])
if not stamp then
  stamp = tostring(tonumber(ARGV[1]) + tonumber(ARGV[2]))
  redis.call('SET', KEYS[1], stamp, 'PX', ARGV[2])
end
local list = ARGV[4] .. stamp
redis.call('RPUSH', list, ARGV[3])
redis.call('PEXPIRE', list, tonumber(ARGV[2]) + tonumber(ARGV[5]))
return stamp
`;

const KEEP_MS = 7 * 86_400_000;

/**
 * Digest windows in Redis, shared by every instance: a list per key and
 * window (`<prefix>:digest:{<hash>}:<end>`), opened atomically by the first
 * entry. Kept a week past the window end, so a flush that fails is retried
 * with its entries. Bind a configured one with a subclass or a factory:
 *
 * @example
 * class Digester extends RedisNotificationDigester { constructor() { super({ redisUrl }); } }
 * NotifierModule.forRoot({}, { digester: Digester, gates: [DigestGate] })
 */
export class RedisNotificationDigester implements DigestBuffer {
  private readonly redis: TimingRedis;
  private readonly prefix: string;

  constructor(options: RedisTimingStoreOptions = {}) {
    this.redis = new TimingRedis(options, 'RedisNotificationDigester');
    this.prefix = `${options.prefix ?? 'herald'}:digest:`;
  }

  async add(entries: readonly DigestEntry[]): Promise<void> {
    await this.push(entries, Date.now());
  }

  async push(entries: readonly DigestEntry[], now: number): Promise<number[]> {
    const ends: number[] = [];
    for (const entry of entries) {
      const base = this.base(entry.key);
      const stamp = await this.redis.client.eval(
        PUSH,
        1,
        `${base}open`,
        now,
        Math.max(1, Math.round(windowOf(entry))),
        JSON.stringify(entry),
        base,
        KEEP_MS,
      );
      ends.push(Number(stamp));
    }
    return ends;
  }

  async read(key: string, windowEnd: number): Promise<DigestEntry[]> {
    const raw = await this.redis.client.lrange(`${this.base(key)}${windowEnd}`, 0, -1);
    return raw.map((item) => JSON.parse(item) as DigestEntry);
  }

  async clear(key: string, windowEnd: number): Promise<void> {
    await this.redis.client.del(`${this.base(key)}${windowEnd}`);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.close();
  }

  /** Drops the connection it opened (reopened on next use). */
  async close(): Promise<void> {
    this.redis.close();
  }

  /** The hash tag keeps a key's marker and lists in one cluster slot. */
  private base(key: string): string {
    return `${this.prefix}{${createHash('sha256').update(key).digest('hex').slice(0, 32)}}:`;
  }
}
