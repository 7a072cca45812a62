import { randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import type { RealtimeMessage } from '@herald/contracts';
import { RedisFanout } from './redis-fanout.js';
import { REALTIME_OPTIONS, type RealtimeOptions } from './realtime.options.js';

/** One event as streamed: `id` orders it for `Last-Event-ID` replay. */
export interface RealtimeEvent {
  id: string;
  type: string;
  data: unknown;
  userId?: string;
}

type Listener = (event: RealtimeEvent) => void;
const BROADCAST = '\u0000*';
const MAX_USERS = 10_000;

/**
 * The admin shell's realtime hub: bridges publish `RealtimeMessage`s, SSE
 * streams subscribe per user. It keeps the last events of each user so a
 * reconnecting client can catch up from `Last-Event-ID`, and with Redis
 * configured it fans events out to the other instances (each instance keeps
 * its own replay buffer, filled from the bridge).
 */
@Injectable()
export class RealtimeHub implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('RealtimeHub');
  private readonly instanceId = randomBytes(4).toString('hex');
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly history = new Map<string, RealtimeEvent[]>();
  private readonly streams = new Set<() => void>();
  private seq = 0;
  private fanout?: RedisFanout;

  constructor(@Inject(REALTIME_OPTIONS) readonly options: RealtimeOptions) {}

  async onModuleInit(): Promise<void> {
    if (!this.options.redisUrl) return;
    this.fanout = new RedisFanout(this.options.redisUrl, this.options.channel, this.instanceId);
    await this.fanout.start((event) => this.deliver(event));
    this.logger.log(`realtime events shared through Redis channel '${this.options.channel}'`);
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
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.fanout?.stop();
    this.listeners.clear();
  }

  /** Registers how to end one open stream at shutdown; returns the deregistration. */
  trackStream(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Delivers to this instance's subscribers and, with Redis, to the other instances. */
  publish(message: RealtimeMessage): RealtimeEvent {
    const event: RealtimeEvent = {
      id: `${Date.now().toString(36)}-${this.instanceId}-${(++this.seq).toString(36)}`,
      type: message.type,
      data: message.data,
      userId: message.userId,
    };
    this.deliver(event);
    this.fanout?.publish(event);
    return event;
  }

  /** Calls `listener` for each event for `userId` (and broadcasts); returns the unsubscribe. */
  subscribe(userId: string, listener: Listener): () => void {
    const set = this.listeners.get(userId) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(userId, set);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.listeners.get(userId) === set) this.listeners.delete(userId);
    };
  }

  /** Events for `userId` after `lastEventId`, oldest first; undefined when that id is no longer known. */
  since(userId: string, lastEventId: string): RealtimeEvent[] | undefined {
    const events = this.history.get(userId) ?? [];
    const at = events.findIndex((e) => e.id === lastEventId);
    return at === -1 ? undefined : events.slice(at + 1);
  }

  /** Number of open subscriptions (for tests and the bench). */
  subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private deliver(event: RealtimeEvent): void {
    const key = event.userId ?? BROADCAST;
    this.remember(key, event);
    const targets =
      event.userId === undefined ? [...this.listeners.values()] : [this.listeners.get(key)];
    for (const set of targets) {
      for (const listener of set ?? []) {
        try {
          listener(event);
        } catch (error) {
          this.logger.warn(`a realtime subscriber failed: ${(error as Error).message}`);
        }
      }
    }
  }

  private remember(key: string, event: RealtimeEvent): void {
    let events = this.history.get(key);
    if (!events) {
      if (this.history.size >= MAX_USERS) this.history.delete(this.history.keys().next().value!);
      events = [];
      this.history.set(key, events);
    }
    events.push(event);
    if (events.length > this.options.replayPerUser) events.shift();
  }
}
