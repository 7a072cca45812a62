import { Logger } from '@nestjs/common';
import { requireOptional } from '@herald/contracts';
import type { Redis as RedisClient } from 'ioredis';
import type { RealtimeEvent } from './realtime-hub.service';

interface Envelope {
  origin: string;
  event: RealtimeEvent;
}

/**
 * Redis pub/sub between app instances: each instance publishes the events it
 * produced and delivers the ones the others produced (its own are skipped:
 * they were delivered locally already). `ioredis` is loaded lazily.
 */
export class RedisFanout {
  private readonly logger = new Logger('RedisFanout');
  private pub?: RedisClient;
  private sub?: RedisClient;

  constructor(
    private readonly url: string,
    private readonly channel: string,
    private readonly origin: string,
  ) {}

  async start(onRemote: (event: RealtimeEvent) => void): Promise<void> {
    const { default: Redis } = requireOptional<typeof import('ioredis')>(
      'ioredis',
      'the Redis realtime bridge (DEMO_REDIS_URL)',
    );
    this.pub = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 2 });
    this.sub = new Redis(this.url, { lazyConnect: true });
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => this.logger.warn(`Redis: ${error.message}`));
    }
    await Promise.all([this.pub.connect(), this.sub.connect()]);
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

  publish(event: RealtimeEvent): void {
    const envelope: Envelope = { origin: this.origin, event };
    this.pub
      ?.publish(this.channel, JSON.stringify(envelope))
      .catch((error: Error) => this.logger.warn(`Redis publish failed: ${error.message}`));
  }

  async stop(): Promise<void> {
    await Promise.all(
      [this.sub, this.pub].map((client) => client?.quit().catch(() => client.disconnect())),
    );
    this.pub = this.sub = undefined;
  }
}
