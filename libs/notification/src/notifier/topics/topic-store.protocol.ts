import type { RecipientProfile } from '../recipients/recipient.interface.js';

/** One subscriber of a topic: a user id, and the routing fields when subscribed as an object. */
export interface TopicSubscriber {
  subscriberId: string;
  /**
   * The fields the notifier routes by (`email`, `phone`, `locale`...), kept
   * when an object was subscribed; absent for a user id, which the
   * `RecipientResolver` resolves at send time.
   */
  recipient?: RecipientProfile;
}

/** A page of `subscribers()`: those after `after` (by subscriber id), at most `limit`. */
export interface TopicPage {
  /** The last subscriber id of the previous page. @default the start */
  after?: string;
  limit: number;
}

/**
 * Where topic subscriptions live: memory, or SQL through TypeORM (table
 * `herald_topic_subscriptions`). Subscribers are read in keyset pages
 * ordered by subscriber id, so a million subscribers stream in constant memory.
 */
export interface TopicStore {
  /** Adds subscribers (a subscriber already there keeps one row, with the newer routing fields). */
  subscribe(topicKey: string, subscribers: readonly TopicSubscriber[]): Promise<void>;
  /** Removes subscribers; answers how many were subscribed. */
  unsubscribe(topicKey: string, subscriberIds: readonly string[]): Promise<number>;
  /** The page of subscribers after `page.after`, ordered by subscriber id. */
  subscribers(topicKey: string, page: TopicPage): Promise<TopicSubscriber[]>;
}
