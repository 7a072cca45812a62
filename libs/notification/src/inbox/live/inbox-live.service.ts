import type { ServerResponse } from 'node:http';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type BeforeApplicationShutdown,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { isOptionalAvailable, requireOptional } from '@herald/contracts/internal';
import { InboxService } from '../inbox.service.js';
import {
  inboxCountsJson,
  INBOX_STREAM_EVENTS,
  INBOX_STREAM_SOURCES,
  toInboxStreamMessage,
} from './inbox-live.events.js';
import { LiveEventHub, type LiveEventHubOptions } from './live-event.hub.js';
import { serveSse, type SseRequest } from './sse-stream.util.js';

/** Options of `InboxLiveService` (heartbeat, replay buffer); provide them under this token. */
export const INBOX_LIVE_OPTIONS = 'HERALD:INBOX_LIVE_OPTIONS';

interface Emitter {
  on(event: string, listener: (payload: unknown) => unknown): unknown;
  off(event: string, listener: (payload: unknown) => unknown): unknown;
}

/**
 * The inbox's live stream for your own routes: listens to `InboxService`'s events
 * in-process (`@nestjs/event-emitter`; import `EventEmitterModule.forRoot()`),
 * keeps the last events of each user, and serves the stream of
 * docs/inbox-contract.md (`sync`, `inbox.sent`, `inbox.updated`, `inbox.read`,
 * `inbox.read_all`, `inbox.deleted`; ids, `Last-Event-ID` replay, `sync` after a
 * gap, heartbeats) with `serve(req, res, userId)`. Events of one user are streamed
 * in the order `InboxService` fired them. One instance sees its own events; with
 * several, forward each `hub.publish` to the others and `hub.deliver` theirs (the
 * demo does it over Redis), or rely on the `sync` a reconnect gets.
 */
@Injectable()
export class InboxLiveService
  implements OnModuleInit, BeforeApplicationShutdown, OnApplicationShutdown
{
  readonly hub: LiveEventHub;
  private readonly logger = new Logger('InboxLiveService');
  private readonly detach: Array<() => void> = [];
  /** Per user, the tail of the events being converted: keeps each user's events in order. */
  private readonly queues = new Map<string, Promise<void>>();

  constructor(
    private readonly inbox: InboxService,
    private readonly moduleRef: ModuleRef,
    @Optional() @Inject(INBOX_LIVE_OPTIONS) options?: LiveEventHubOptions,
  ) {
    this.hub = new LiveEventHub(options);
  }

  onModuleInit(): void {
    const emitter = this.findEmitter();
    if (!emitter) {
      this.logger.warn(
        'no EventEmitter2 in the application: the inbox stream sends sync and heartbeats only; import EventEmitterModule.forRoot()',
      );
      return;
    }
    for (const event of INBOX_STREAM_SOURCES) {
      const listener = (payload: unknown) => this.enqueue(event, payload);
      emitter.on(event, listener);
      this.detach.push(() => emitter.off(event, listener));
    }
  }

  /** Serves the stream of `userId` (the signed-in user, or the subscriber token's) on `res`. */
  serve(req: SseRequest, res: ServerResponse, userId: string): Promise<void> {
    return serveSse(req, res, this.hub, userId, async () => ({
      type: INBOX_STREAM_EVENTS.sync,
      data: await inboxCountsJson(this.inbox, userId),
    }));
  }

  beforeApplicationShutdown(): void {
    this.hub.endStreams();
  }

  onApplicationShutdown(): void {
    this.detach.splice(0).forEach((off) => off());
    this.hub.clear();
  }

  private enqueue(event: string, payload: unknown): void {
    const userId = (payload as { userId?: unknown } | null)?.userId;
    if (typeof userId !== 'string') return;
    const tail = (this.queues.get(userId) ?? Promise.resolve())
      .then(() => toInboxStreamMessage(this.inbox, event, payload))
      .then((message) => void (message && this.hub.publish(message)))
      .catch((error) =>
        this.logger.warn(
          `the inbox stream could not follow '${event}': ${(error as Error).message}`,
        ),
      );
    this.queues.set(userId, tail);
    void tail.then(() => {
      if (this.queues.get(userId) === tail) this.queues.delete(userId);
    });
  }

  private findEmitter(): Emitter | undefined {
    if (!isOptionalAvailable('@nestjs/event-emitter')) return undefined;
    const { EventEmitter2 } = requireOptional<typeof import('@nestjs/event-emitter')>(
      '@nestjs/event-emitter',
      'the inbox stream',
    );
    try {
      return this.moduleRef.get(EventEmitter2, { strict: false });
    } catch {
      return undefined;
    }
  }
}
