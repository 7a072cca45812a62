import { Logger } from '@nestjs/common';
import { RateLimitedLogger } from '@herald/contracts';
import { createRedisClient, secretRedactor } from '@herald/contracts/internal';
import type { Redis as RedisClient } from 'ioredis';
import type { RealtimeEvent } from './realtime-hub.service.js';
import { RedisUnreachableError } from './redis-unreachable.error.js';

interface Envelope {
  origin: string;
  event: RealtimeEvent;
}

/**
 * Redis pub/sub between app instances: each instance publishes the events it
 * produced and delivers the ones the others produced (its own are skipped:
 * they were delivered locally already). `ioredis` is loaded lazily. A start
 * against a Redis that refuses the connection fails at once with
 * `RedisUnreachableError` (URL without credentials), instead of retrying forever.
 */
export class RedisFanout {
  private readonly logger = new Logger('RedisFanout');
  /** Client errors may quote the URL they were given: its credentials are scrubbed from every line. */
  private readonly scrub: (text: string) => string;
  /** A Redis outage errors on every reconnect and every publish: one line a minute per kind. */
  private readonly warnings = new RateLimitedLogger(this.logger);
  private pub?: RedisClient;
  private sub?: RedisClient;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly origin: string,
  ) {
    this.scrub = secretRedactor(url);
  }

  async start(onRemote: (event: RealtimeEvent) => void): Promise<void> {
    // one server, a Cluster (PUBLISH reaches every node's subscribers) or Sentinels
    const feature = 'the Redis realtime bridge (DEMO_REDIS_URL)';
    this.pub = createRedisClient<RedisClient>(this.url, feature, {
      lazyConnect: true,
      maxRetriesPerRequest: 2,
    });
    this.sub = createRedisClient<RedisClient>(this.url, feature, { lazyConnect: true });
    let lastError: Error | undefined;
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => {
        lastError = error;
        this.warnings.warn('redis connection error', `Redis: ${this.scrub(error.message)}`);
      });
    }
    try {
      await Promise.all([this.pub.connect(), this.sub.connect()]);
    } catch (error) {
      // Stop the reconnect loops: a start that fails must not keep the process alive.
      this.pub.disconnect();
      this.sub.disconnect();
      this.pub = this.sub = undefined;
      const reason = lastError?.message ?? (error as Error)?.message ?? String(error);
      throw new RedisUnreachableError(this.url, reason);
    }
    this.sub.on('message', (channel: string, raw: string) => {
      if (channel !== this.channel) return;
      try {
        const envelope = JSON.parse(raw) as Envelope;
        if (envelope.origin !== this.origin) onRemote(envelope.event);
      } catch (error) {
        this.logger.warn(`ignored a malformed realtime message: ${(error as Error).message}`);
      }
    });
    await this.sub.subscribe(this.channel);
  }

  /** `PING` on the publishing connection (what the `redis` health check asks). */
  ping(): Promise<string> {
    if (!this.pub) return Promise.reject(new Error('the Redis fan-out is not started'));
    return this.pub.ping();
  }

  publish(event: RealtimeEvent): void {
    const envelope: Envelope = { origin: this.origin, event };
    this.pub
      ?.publish(this.channel, JSON.stringify(envelope))
      .catch((error: Error) =>
        this.warnings.warn(
          'redis publish failed',
          `Redis publish failed: ${this.scrub(error.message)}`,
        ),
      );
  }

  async stop(): Promise<void> {
    await Promise.all(
      [this.sub, this.pub].map((client) => client?.quit().catch(() => client.disconnect())),
    );
    this.pub = this.sub = undefined;
    this.warnings.close();
  }
}
