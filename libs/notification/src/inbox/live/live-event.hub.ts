import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';

/** One event as streamed: `id` orders it for `Last-Event-ID` replay. */
export interface LiveEvent {
  id: string;
  type: string;
  data: unknown;
  /** The user whose streams get it; absent = every stream. */
  userId?: string;
}

/** What is published: an event without its id (the hub gives it one). */
export interface LiveMessage {
  type: string;
  data: unknown;
  userId?: string;
}

/** Options of a `LiveEventHub`. */
export interface LiveEventHubOptions {
  /** Period of the `: heartbeat` comment on each open stream. @default 25000 */
  heartbeatMs?: number;
  /** Events kept per user for `Last-Event-ID` replay. @default 200 */
  replayPerUser?: number;
  /** Users whose events are kept (the oldest user is forgotten first). @default 10000 */
  maxUsers?: number;
}

type Listener = (event: LiveEvent) => void;
const BROADCAST = '\u0000*';

/**
 * Per-user live events for server-sent-event streams: `publish` gives each event
 * an id (monotonic on this instance), keeps the last `replayPerUser` of each user
 * for `Last-Event-ID` replay (`since`), and hands it to the user's subscribers.
 * Streams (`serveSse`) register how to end themselves so the application can close
 * at shutdown without waiting for browsers. Events from other instances (a Redis
 * fan-out, say) enter through `deliver` with the id they were given there.
 */
export class LiveEventHub {
  /** Random per process: ids of another instance (or of a previous run) are never replayed from. */
  readonly instanceId = randomBytes(4).toString('hex');
  readonly heartbeatMs: number;
  readonly replayPerUser: number;
  private readonly maxUsers: number;
  private readonly logger = new Logger('LiveEventHub');
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly history = new Map<string, LiveEvent[]>();
  private readonly streams = new Set<() => void>();
  private seq = 0;

  constructor(options: LiveEventHubOptions = {}) {
    this.heartbeatMs = options.heartbeatMs ?? 25_000;
    this.replayPerUser = options.replayPerUser ?? 200;
    this.maxUsers = options.maxUsers ?? 10_000;
  }

  /** Gives `message` an id and delivers it on this instance. */
  publish(message: LiveMessage): LiveEvent {
    const event: LiveEvent = {
      id: `${Date.now().toString(36)}-${this.instanceId}-${(++this.seq).toString(36)}`,
      type: message.type,
      data: message.data,
      userId: message.userId,
    };
    this.deliver(event);
    return event;
  }

  /** Remembers `event` for replay and calls the subscribers of its user (or all, for a broadcast). */
  deliver(event: LiveEvent): void {
    const key = event.userId ?? BROADCAST;
    this.remember(key, event);
    const targets =
      event.userId === undefined ? [...this.listeners.values()] : [this.listeners.get(key)];
    for (const set of targets) {
      for (const listener of set ?? []) {
        try {
          listener(event);
        } catch (error) {
          this.logger.warn(`a live-event subscriber failed: ${(error as Error).message}`);
        }
      }
    }
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
  since(userId: string, lastEventId: string): LiveEvent[] | undefined {
    const events = this.history.get(userId) ?? [];
    const at = events.findIndex((e) => e.id === lastEventId);
    return at === -1 ? undefined : events.slice(at + 1);
  }

  /** The id of the newest event kept for `userId`, if any (the `sync` frame's id). */
  lastId(userId: string): string | undefined {
    return this.history.get(userId)?.at(-1)?.id;
  }

  /** Registers how to end one open stream at shutdown; returns the deregistration. */
  trackStream(end: () => void): () => void {
    this.streams.add(end);
    return () => this.streams.delete(end);
  }

  /** Ends every open stream (before the HTTP server closes). */
  endStreams(): void {
    for (const end of [...this.streams]) end();
    this.streams.clear();
  }

  /** Forgets every subscriber (at shutdown). */
  clear(): void {
    this.listeners.clear();
  }

  /** Number of open subscriptions (for tests and the bench). */
  subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private remember(key: string, event: LiveEvent): void {
    let events = this.history.get(key);
    if (!events) {
      if (this.history.size >= this.maxUsers)
        this.history.delete(this.history.keys().next().value!);
      events = [];
      this.history.set(key, events);
    }
    events.push(event);
    if (events.length > this.replayPerUser) events.shift();
  }
}
