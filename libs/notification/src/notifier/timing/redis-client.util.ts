import { requireOptional } from '@herald/contracts/internal';

/** The part of an ioredis client the timing stores use. */
export interface TimingRedisClient {
  eval(script: string, keys: number, ...args: Array<string | number>): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  disconnect(): void;
}

/** Where a Redis-backed timing store keeps its keys. */
export interface RedisTimingStoreOptions {
  /** @default 'redis://127.0.0.1:6379' */
  redisUrl?: string;
  /** Key prefix. @default 'herald' */
  prefix?: string;
  /** An ioredis client to use instead of opening one (left open by `close()`). */
  client?: TimingRedisClient;
}

/** The client to use, and whether the store opened it (and so closes it). */
export function timingRedis(
  options: RedisTimingStoreOptions,
  feature: string,
): { client: TimingRedisClient; owned: boolean } {
  if (options.client) return { client: options.client, owned: false };
  const Redis = requireOptional<new (url: string, options: object) => TimingRedisClient>(
    'ioredis',
    feature,
  );
  return {
    client: new Redis(options.redisUrl ?? 'redis://127.0.0.1:6379', {
      connectionName: `herald-${feature.replace(/\W+/g, '-').toLowerCase()}`,
      maxRetriesPerRequest: 3,
    }),
    owned: true,
  };
}
