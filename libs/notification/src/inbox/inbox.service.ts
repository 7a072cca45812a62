import { Injectable, Logger } from '@nestjs/common';
import {
  INBOX_SENT_HOOK,
  InboxConfig,
  type InboxBulkChange,
  type InboxCounts,
  type InboxFilter,
  type InboxMessage,
  type InboxPage,
  type InboxStateChange,
  type InboxStoreProtocol,
} from '@herald/contracts';
import { DAY_MS } from './inbox.constants.js';

const MAX_DATE_MS = 8.64e15;
import {
  INBOX_ACTION_EVENT,
  INBOX_DELETED_EVENT,
  INBOX_READ_ALL_EVENT,
  INBOX_READ_EVENT,
  INBOX_UPDATED_EVENT,
  type InboxActionEvent,
  type InboxMessageChangedEvent,
  type InboxReadAllEvent,
  type InboxUpdatedEvent,
} from './inbox.events.js';
import { InboxError } from './errors/inbox.error.js';
import {
  validateActionId,
  validateActions,
  validateBulkChange,
  validateFilter,
  validateSeverity,
  validateSnoozeUntil,
  validateTabs,
  validateTags,
} from './utils/inbox-model-input.util.js';
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
 * await inbox.snooze('alice', message.id, new Date(Date.now() + 3_600_000));
 * const tabs = await inbox.counts('alice', { all: {}, ci: { tags: ['ci'] } });
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
      seenAt: null,
      archivedAt: null,
      snoozedUntil: null,
      tags: input.tags === undefined ? [] : validateTags(input.tags),
      severity: input.severity === undefined ? 'normal' : validateSeverity(input.severity),
      actions: input.actions === undefined ? [] : validateActions(input.actions),
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

  /**
   * A page of the user's messages of `filter` (default: the inbox, neither
   * archived nor snoozed), newest first by the time each was (re)listed, with the
   * user's unread and unseen counts of the default status.
   */
  async getInbox(userId: string, query: InboxQuery = {}): Promise<InboxResult> {
    validateUserId(userId);
    validateInboxQuery(query);
    if (query.cursor !== undefined) decodeInboxCursor(query.cursor);
    const filter = validateFilter(query.filter);
    if (query.unreadOnly) {
      if (filter.read === true)
        throw new InboxError(
          'inbox unreadOnly contradicts filter.read true; pass one of them',
          'INBOX_INVALID_INPUT',
          'unreadOnly',
        );
      filter.read = false;
    }
    const max = this.config.maxPageSize;
    const requested = Number.isFinite(query.limit) ? Math.floor(query.limit!) : max;
    const limit = Math.min(Math.max(requested, 1), max);
    const now = this.now();
    const pageQuery = { limit, cursor: query.cursor, filter };
    let page: InboxPage;
    let counts: { unreadCount: number; unseenCount: number };
    if (this.store.listWithCounts) {
      page = await this.store.listWithCounts(userId, pageQuery, now);
      counts = page as InboxPage & typeof counts;
    } else {
      const [listed, tabs] = await Promise.all([
        this.store.list(userId, pageQuery, now),
        this.store.counts(userId, { inbox: {} }, now),
      ]);
      page = listed;
      counts = { unreadCount: tabs.inbox.unread, unseenCount: tabs.inbox.unseen };
    }
    const result: InboxResult = {
      notifications: page.notifications,
      unreadCount: counts.unreadCount,
      unseenCount: counts.unseenCount,
    };
    if (page.nextCursor) result.nextCursor = page.nextCursor;
    return result;
  }

  /**
   * Unread, unseen and total messages of each tab (at most 20), all from one
   * statement on a database store. Keys are tab ids of 1–64 `[A-Za-z0-9_.:-]`.
   */
  async counts(
    userId: string,
    tabs: Record<string, InboxFilter>,
  ): Promise<Record<string, InboxCounts>> {
    validateUserId(userId);
    const checked = validateTabs(tabs);
    const counted = await this.store.counts(userId, Object.fromEntries(checked), this.now());
    return Object.fromEntries(checked.map(([id]) => [id, counted[id]]));
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

  /** Marks one message seen (the bell was opened with it listed); false when not the user's or seen already. */
  markSeen(userId: string, messageId: string): Promise<boolean> {
    return this.change(userId, messageId, { change: 'seen' });
  }

  /** Marks one read message unread again (it stays seen); false when not the user's or unread. */
  markUnread(userId: string, messageId: string): Promise<boolean> {
    return this.change(userId, messageId, { change: 'unread' });
  }

  /** Archives one message: it leaves the default list for the `archived` one. */
  archive(userId: string, messageId: string): Promise<boolean> {
    return this.change(userId, messageId, { change: 'archived' });
  }

  /** Brings an archived message back to the default list (at its listed position). */
  unarchive(userId: string, messageId: string): Promise<boolean> {
    return this.change(userId, messageId, { change: 'unarchived' });
  }

  /**
   * Hides a message until `until` (in the future, no upper cap), then lists it
   * again on top. A message snoozed past its expiry is kept until `until` plus
   * `retention_days`. Snoozing again moves the time; false when not the user's
   * or snoozed until that very time.
   */
  async snooze(userId: string, messageId: string, until: Date): Promise<boolean> {
    validateUserId(userId);
    const at = this.now();
    const end = validateSnoozeUntil(until, at);
    // the latest time a Date can hold: a snooze to the end of time keeps the message that long
    const expiresAt = new Date(
      Math.min(end.getTime() + this.config.retentionDays * DAY_MS, MAX_DATE_MS),
    );
    return this.change(userId, messageId, { change: 'snoozed', until: end, expiresAt }, at);
  }

  /** Ends a snooze now: the message is listed again on top; false when it is not snoozed. */
  unsnooze(userId: string, messageId: string): Promise<boolean> {
    return this.change(userId, messageId, { change: 'unsnoozed' });
  }

  /**
   * Marks every message of `filter` (default: the inbox) seen, read or
   * archived in one statement; returns how many changed and fires one
   * `INBOX_UPDATED_EVENT` with that `count` when any did.
   */
  async markAll(userId: string, change: InboxBulkChange, filter?: InboxFilter): Promise<number> {
    validateUserId(userId);
    validateBulkChange(change);
    const checked = validateFilter(filter);
    const count = await this.store.updateAll(userId, change, checked, this.now());
    if (count > 0)
      this.emit(INBOX_UPDATED_EVENT, { userId, change, count } satisfies InboxUpdatedEvent);
    return count;
  }

  /**
   * Runs the action `actionId` of one of the user's messages: fires
   * `INBOX_ACTION_EVENT` with the message and returns it; `undefined` when the
   * message is unknown or not the user's; `InboxError` `INBOX_UNKNOWN_ACTION`
   * when the message has no action with that id.
   */
  async runAction(
    userId: string,
    messageId: string,
    actionId: string,
  ): Promise<InboxMessage | undefined> {
    validateUserId(userId);
    validateActionId(actionId);
    const message = await this.findOne(userId, messageId);
    if (!message) return undefined;
    if (!message.actions.some((action) => action.actionId === actionId))
      throw new InboxError(
        `inbox message '${message.id}' has no action '${actionId}'; its action ids are ${
          message.actions.flatMap((a) => (a.actionId ? [`'${a.actionId}'`] : [])).join(', ') ||
          'none'
        }`,
        'INBOX_UNKNOWN_ACTION',
        'actionId',
      );
    this.emit(INBOX_ACTION_EVENT, {
      userId,
      messageId: message.id,
      actionId,
      message,
    } satisfies InboxActionEvent);
    return message;
  }

  private async change(
    userId: string,
    messageId: string,
    change: InboxStateChange,
    at = this.now(),
  ): Promise<boolean> {
    validateUserId(userId);
    if (!isUuid(messageId)) return false;
    const id = messageId.toLowerCase();
    const changed = await this.store.update(userId, id, change, at);
    if (changed)
      this.emit(INBOX_UPDATED_EVENT, {
        userId,
        messageId: id,
        change: change.change,
      } satisfies InboxUpdatedEvent);
    return changed;
  }

  /** Deletes one of the user's messages; false when it is not the user's. */
  async delete(userId: string, messageId: string): Promise<boolean> {
    validateUserId(userId);
    if (!isUuid(messageId)) return false;
    const deleted = await this.store.delete(userId, messageId.toLowerCase());
    if (deleted) await this.emitChange(INBOX_DELETED_EVENT, userId, messageId.toLowerCase());
    return deleted;
  }

  /** Unread, unexpired messages of the user's default list (neither archived nor snoozed). */
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
