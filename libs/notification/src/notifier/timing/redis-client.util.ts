import { createRedisClient } from '@herald/contracts/internal';

/** The part of an ioredis client the timing stores use. */
export interface TimingRedisClient {
  eval(script: string, keys: number, ...args: Array<string | number>): Promise<unknown>;
  del(...keys: string[]): Promise<number>;
  lrange(key: string, start: number, stop: number): Promise<string[]>;
  disconnect(): void;
}

/** Where a Redis-backed timing store keeps its keys. */
export interface RedisTimingStoreOptions {
  /**
   * One Redis (`redis://host:6379/0`), a Redis Cluster
   * (`redis+cluster://host1:7000,host2:7001`) or Sentinels
   * (`redis+sentinel://host1:26379,host2:26379/mymaster`).
   * @default 'redis://127.0.0.1:6379'
   */
  redisUrl?: string;
  /** Key prefix (keys used together share a hash tag after it, so a Cluster works). @default 'herald' */
  prefix?: string;
  /** An ioredis client to use instead of opening one (left open by `close()`). */
  client?: TimingRedisClient;
}

/**
 * The client of a Redis-backed store: the one given, or a connection opened
 * on first use and dropped by `close()` (the next use opens a new one, so a
 * store shared by several application instances survives one closing).
 */
export class TimingRedis {
  private opened?: TimingRedisClient;

  constructor(
    private readonly options: RedisTimingStoreOptions,
    private readonly feature: string,
  ) {}

  get client(): TimingRedisClient {
    if (this.options.client) return this.options.client;
    if (!this.opened) {
      this.opened = createRedisClient<TimingRedisClient>(
        this.options.redisUrl ?? 'redis://127.0.0.1:6379',
        this.feature,
        {
          connectionName: `herald-${this.feature.replace(/\W+/g, '-').toLowerCase()}`,
          maxRetriesPerRequest: 3,
        },
      );
    }
    return this.opened;
  }

  /** Drops the connection this store opened; a client given in options is left open. */
  close(): void {
    this.opened?.disconnect();
    this.opened = undefined;
  }
}
