import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { RealtimeMessage } from '@herald/contracts';
import { LiveEventHub, type LiveEvent } from '@herald/notification/inbox';
import { RedisFanout } from './redis-fanout.js';
import { REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';

/** One event as streamed: `id` orders it for `Last-Event-ID` replay. */
export type RealtimeEvent = LiveEvent;

/**
 * The admin shell's realtime hub: bridges publish `RealtimeMessage`s, SSE
 * streams (`serveSse` of `@herald/notification/inbox`) subscribe per user. The
 * replay buffer and the framing are the inbox library's `LiveEventHub`; this
 * adds the fan-out to the other instances over Redis when configured (each
 * instance keeps its own replay buffer, filled from the bridge).
 */
@Injectable()
export class RealtimeHub
  extends LiveEventHub
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  private readonly hubLogger = new Logger('RealtimeHub');
  private fanout?: RedisFanout;

  constructor(@Inject(REALTIME_OPTIONS) readonly options: RealtimeOptions) {
    super({ heartbeatMs: options.heartbeatMs, replayPerUser: options.replayPerUser });
  }

  async onModuleInit(): Promise<void> {
    if (!this.options.redisUrl) return;
    this.fanout = new RedisFanout(this.options.redisUrl, this.options.channel, this.instanceId);
    await this.fanout.start((event) => this.deliver(event));
    this.hubLogger.log(`realtime events shared through Redis channel '${this.options.channel}'`);
  }

  /**
   * `PING` through the Redis fan-out's connection, for the `redis` health
   * check; rejects when fan-out is off or Redis does not answer.
   */
  pingRedis(): Promise<string> {
    if (!this.fanout) return Promise.reject(new Error('the realtime hub has no Redis fan-out'));
    return this.fanout.ping();
  }

  /** Ends the open streams first, so the HTTP server can close without waiting for browsers. */
  beforeApplicationShutdown(): void {
    this.endStreams();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.fanout?.stop();
    this.clear();
  }

  /** Delivers to this instance's subscribers and, with Redis, to the other instances. */
  override publish(message: RealtimeMessage): RealtimeEvent {
    const event = super.publish(message);
    this.fanout?.publish(event);
    return event;
  }
}
