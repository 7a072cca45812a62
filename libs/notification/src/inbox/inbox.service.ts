import { Injectable, Logger } from '@nestjs/common';
import {
  INBOX_SENT_HOOK,
  InboxConfig,
  type InboxMessage,
  type InboxPage,
  type InboxStoreProtocol,
} from '@herald/contracts';
import { DAY_MS } from './inbox.constants.js';
import {
  INBOX_DELETED_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_READ_EVENT,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
} from './inbox.events.js';
import { decodeInboxCursor } from './utils/inbox-cursor.util.js';
import { UuidV7Generator, isUuid } from './utils/uuid-v7.util.js';
import { validateInboxQuery, validateSendInput, validateUserId } from './utils/inbox-input.util.js';
import type {
  InboxEventSink,
  InboxQuery,
  InboxResult,
  InboxSendInput,
  InboxServiceOptions,
} from './interfaces/inbox-service.interfaces.js';

export type { InboxEventSink, InboxQuery, InboxResult, InboxSendInput, InboxServiceOptions };

/**
 * The per-user in-app inbox. Every operation is scoped
 * to one user: a message id of somebody else behaves exactly like an unknown id.
 *
 * @example
 * const message = await inbox.send('alice', { title: 'Build finished', body: 'All green' });
 * const { notifications, unreadCount, nextCursor } = await inbox.getInbox('alice', { limit: 20 });
 */
@Injectable()
export class InboxService {
  private readonly logger = new Logger('InboxService');
  private readonly ids = new UuidV7Generator();
  private readonly config: InboxConfig;
  private readonly now: () => Date;
  private sink?: InboxEventSink | null;

  constructor(
    readonly store: InboxStoreProtocol,
    private readonly options: InboxServiceOptions = {},
  ) {
    this.config = options.config ?? new InboxConfig();
    this.now = options.now ?? (() => new Date());
  }

  /** Stores a message for `userId`, then fires `INBOX_SENT_HOOK` with the stored message. */
  async send(userId: string, input: InboxSendInput): Promise<InboxMessage> {
    validateUserId(userId);
    validateSendInput(input);
    const [id, ms] = this.ids.next(this.now().getTime());
    const message: InboxMessage = {
      id,
      userId,
      title: input.title,
      body: input.body ?? '',
      readAt: null,
      createdAt: new Date(ms),
      expiresAt: new Date(ms + this.config.retentionDays * DAY_MS),
    };
    if (input.category !== undefined) message.category = input.category;
    if (input.actionUrl !== undefined) message.actionUrl = input.actionUrl;
    if (input.data !== undefined) message.data = structuredClone(input.data);
    const stored = await this.store.insert(message);
    this.emit(INBOX_SENT_HOOK, stored);
    return stored;
  }

  /** A page of the user's messages, newest first, and the user's unread count. */
  async getInbox(userId: string, query: InboxQuery = {}): Promise<InboxResult> {
    validateUserId(userId);
    validateInboxQuery(query);
    if (query.cursor !== undefined) decodeInboxCursor(query.cursor);
    const max = this.config.maxPageSize;
    const requested = Number.isFinite(query.limit) ? Math.floor(query.limit!) : max;
    const limit = Math.min(Math.max(requested, 1), max);
    const now = this.now();
    const pageQuery = { limit, cursor: query.cursor, unreadOnly: query.unreadOnly };
    let page: InboxPage;
    let unreadCount: number;
    if (this.store.listWithUnreadCount) {
      const both = await this.store.listWithUnreadCount(userId, pageQuery, now);
      [page, unreadCount] = [both, both.unreadCount];
    } else {
      [page, unreadCount] = await Promise.all([
        this.store.list(userId, pageQuery, now),
        this.store.countUnread(userId, now),
      ]);
    }
    const result: InboxResult = { notifications: page.notifications, unreadCount };
    if (page.nextCursor) result.nextCursor = page.nextCursor;
    return result;
  }

  /** One of the user's messages; `undefined` when unknown, expired or somebody else's. */
  async findOne(userId: string, messageId: string): Promise<InboxMessage | undefined> {
    validateUserId(userId);
    if (!isUuid(messageId)) return undefined;
    return this.store.findOne(userId, messageId.toLowerCase(), this.now());
  }

  /** Marks one message read; false when it is not the user's or already read. */
  async markRead(userId: string, messageId: string): Promise<boolean> {
    validateUserId(userId);
    if (!isUuid(messageId)) return false;
    const changed = await this.store.markRead(userId, messageId.toLowerCase(), this.now());
    if (changed) await this.emitChange(INBOX_READ_EVENT, userId, messageId.toLowerCase());
    return changed;
  }

  /** Marks every unread message of the user read; returns how many changed. */
  async markAllRead(userId: string): Promise<number> {
    validateUserId(userId);
    const count = await this.store.markAllRead(userId, this.now());
    if (count > 0 && this.events()) {
      const unreadCount = await this.countUnread(userId);
      this.emit(INBOX_READ_ALL_EVENT, { userId, count, unreadCount } satisfies InboxReadAllEvent);
    }
    return count;
  }

  /** Deletes one of the user's messages; false when it is not the user's. */
  async delete(userId: string, messageId: string): Promise<boolean> {
    validateUserId(userId);
    if (!isUuid(messageId)) return false;
    const deleted = await this.store.delete(userId, messageId.toLowerCase());
    if (deleted) await this.emitChange(INBOX_DELETED_EVENT, userId, messageId.toLowerCase());
    return deleted;
  }

  /** Unread, unexpired messages of the user. */
  async countUnread(userId: string): Promise<number> {
    validateUserId(userId);
    return this.store.countUnread(userId, this.now());
  }

  /** Deletes messages past `retention_days`; the retention job calls it periodically. */
  async purgeExpired(): Promise<number> {
    return this.store.purgeExpired(this.now());
  }

  private async emitChange(event: string, userId: string, messageId: string): Promise<void> {
    if (!this.events()) return;
    const unreadCount = await this.countUnread(userId);
    this.emit(event, { userId, messageId, unreadCount } satisfies InboxMessageChangedEvent);
  }

  private events(): InboxEventSink | undefined {
    if (this.sink === undefined) {
      const source = this.options.events;
      this.sink = (typeof source === 'function' ? source() : source) ?? null;
    }
    return this.sink ?? undefined;
  }

  /** A failing listener must not turn a stored message into a failed send. */
  private emit(event: string, payload: unknown): void {
    try {
      const result = this.events()?.emit(event, payload);
      if (result instanceof Promise) result.catch((error) => this.listenerFailed(event, error));
    } catch (error) {
      this.listenerFailed(event, error);
    }
  }

  private listenerFailed(event: string, error: unknown): void {
    this.logger.error(`a listener of '${event}' failed: ${(error as Error)?.message ?? error}`);
  }
}
