import type { RecipientLike } from '../recipients/recipient.interface.js';
import { recipientProfile } from '../recipients/recipient-profile.util.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { TopicArgumentError } from './topic-argument.error.js';
import { checkSubscriberId, checkTopicKey } from './topic-text.util.js';
import type { TopicStore, TopicSubscriber } from './topic-store.protocol.js';

/** A subscriber as `subscribe()` takes it: a user id, or a user object with an `id`. */
export type TopicTarget = string | RecipientLike;

/** A page of `TopicService.subscribers()`. */
export interface TopicSubscriberPage {
  subscribers: TopicSubscriber[];
  /** Pass as `after` for the next page; absent on the last one. */
  next?: string;
}

/** The most subscribers one `subscribers()` page holds. */
const MAX_PAGE = 1000;

/**
 * Topic subscriptions (Novu's and Knock's topics): who follows
 * `project:42:watchers`. `notify(topic('project:42:watchers'), ...)` then
 * reaches each of them. A user id is resolved by the `RecipientResolver`
 * when a notification is sent; a user object keeps its routing fields
 * (`email`, `phone`, `locale`, `routes`...). Injected by class.
 *
 * @example
 * await topics.subscribe('project:42:watchers', [user.id, 'user-7']);
 * await notifier.notify(topic('project:42:watchers'), new ProjectUpdated(project));
 */
export class TopicService {
  constructor(readonly store: TopicStore) {}

  /** Subscribes one recipient or a list; subscribing again is harmless (routing fields refreshed). */
  async subscribe(
    topicKey: string,
    recipients: TopicTarget | readonly TopicTarget[],
  ): Promise<void> {
    const key = checkTopicKey(topicKey);
    const list = listOf(recipients);
    await this.store.subscribe(
      key,
      list.map((target, i) => subscriberOf(target, fieldOf(recipients, i))),
    );
  }

  /** Unsubscribes one recipient or a list (ids or objects); answers how many were subscribed. */
  async unsubscribe(
    topicKey: string,
    recipients: TopicTarget | readonly TopicTarget[],
  ): Promise<number> {
    const key = checkTopicKey(topicKey);
    const list = listOf(recipients);
    const ids = list.map((target, i) => subscriberOf(target, fieldOf(recipients, i)).subscriberId);
    return this.store.unsubscribe(key, ids);
  }

  /** A page of the topic's subscribers, ordered by subscriber id (`limit` 1 to 1000, default 100). */
  async subscribers(
    topicKey: string,
    page: { after?: string; limit?: number } = {},
  ): Promise<TopicSubscriberPage> {
    const key = checkTopicKey(topicKey);
    if (page === null || typeof page !== 'object' || Array.isArray(page))
      throw new TopicArgumentError(
        'page',
        `must be an object { after?, limit? } (got ${NotifyArgumentError.describe(page)})`,
      );
    const limit = page.limit ?? 100;
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_PAGE)
      throw new TopicArgumentError(
        'limit',
        `must be a whole number from 1 to ${MAX_PAGE} (got ${NotifyArgumentError.describe(limit)})`,
      );
    const after = page.after === undefined ? undefined : checkSubscriberId(page.after, 'after');
    const subscribers = await this.store.subscribers(key, { after, limit });
    return subscribers.length === limit
      ? { subscribers, next: subscribers[limit - 1].subscriberId }
      : { subscribers };
  }
}

/** How a message names the `i`-th recipient: `recipient` alone, `recipients[i]` in a list. */
const fieldOf = (recipients: unknown, i: number): string =>
  Array.isArray(recipients) ? `recipients[${i}]` : 'recipient';

function listOf(recipients: TopicTarget | readonly TopicTarget[]): readonly TopicTarget[] {
  const list = Array.isArray(recipients) ? recipients : [recipients as TopicTarget];
  if (list.length === 0)
    throw new TopicArgumentError(
      'recipients',
      'is empty; pass at least one user id or user object',
    );
  return list;
}

function subscriberOf(target: unknown, field: string): TopicSubscriber {
  if (typeof target === 'string') return { subscriberId: checkSubscriberId(target, field) };
  if (!target || typeof target !== 'object' || Array.isArray(target))
    throw new TopicArgumentError(
      field,
      `must be a user id or a user object with an id (got ${NotifyArgumentError.describe(target)})`,
    );
  const recipient = recipientProfile(target);
  return { subscriberId: checkSubscriberId(recipient.id, `${field}.id`), recipient };
}
