import { createRedisClient } from '@herald/contracts/internal';
import { BaseHealthCheck } from '../base-health-check.js';

/** The part of an ioredis client the check uses. */
export interface RedisClientLike {
  ping(): Promise<string>;
  quit?(): Promise<unknown>;
  disconnect?(): void;
}

/** Options of `RedisHealthCheck`: an existing `client`, or a `url` for a connection the check owns. */
export interface RedisHealthCheckOptions {
  client?: RedisClientLike;
  /**
   * One Redis, a Cluster (`redis+cluster://h1:7000,h2:7001`) or Sentinels
   * (`redis+sentinel://h1:26379/mymaster`).
   * @default 'redis://127.0.0.1:6379' when no client is given
   */
  url?: string;
  /** @default 'redis' */
  name?: string;
  /** @default true */
  critical?: boolean;
  /** @default 1000 */
  timeoutMs?: number;
}

/**
 * Redis `PING` over one reused connection (never one per probe). With `url`,
 * the check opens an ioredis connection (optional peer) on first use and
 * closes it in `close()` (the runner's `close()` / registry `cleanup()` call it).
 *
 * @example runner.add('redis', new RedisHealthCheck({ url: 'redis://127.0.0.1:6379' }))
 */
export class RedisHealthCheck extends BaseHealthCheck {
  private client?: RedisClientLike;
  private readonly owned: boolean;

  constructor(private readonly options: RedisHealthCheckOptions = {}) {
    super(options.name ?? 'redis', options.critical ?? true);
    this.timeoutMs = options.timeoutMs ?? 1000;
    this.client = options.client;
    this.owned = !options.client;
  }

  protected async probe(): Promise<unknown> {
    const reply = await this.connection().ping();
    return reply === 'PONG' ? true : { healthy: false, message: `unexpected PING reply ${reply}` };
  }

  /** Closes the connection the check opened itself; a client passed in is left alone. */
  async close(): Promise<void> {
    const client = this.client;
    if (!this.owned || !client) return;
    this.client = undefined;
    // disconnect, not quit: quit waits for a connection that may never come
    client.disconnect?.();
  }

  private connection(): RedisClientLike {
    if (!this.client) {
      this.client = createRedisClient<RedisClientLike>(
        this.options.url ?? 'redis://127.0.0.1:6379',
        'RedisHealthCheck',
        {
          connectionName: `herald-health:${this.name}`,
          maxRetriesPerRequest: 1,
          enableOfflineQueue: true,
          connectTimeout: this.timeoutMs,
          disconnectTimeout: 100,
        },
      );
    }
    return this.client;
  }
}
