import type { TopicPage, TopicStore, TopicSubscriber } from './topic-store.protocol.js';

/** First index of `ids` (sorted) whose id is greater than `after`. */
function firstAfter(ids: readonly string[], after: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ids[mid] <= after) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Topic subscriptions in this process (tests, `stub()`, single-process apps); lost on restart. */
export class MemoryTopicStore implements TopicStore {
  /** Per topic: subscriber ids kept sorted (the keyset order) and each one's subscription. */
  private readonly topics = new Map<
    string,
    { ids: string[]; byId: Map<string, TopicSubscriber> }
  >();

  async subscribe(topicKey: string, subscribers: readonly TopicSubscriber[]): Promise<void> {
    let topic = this.topics.get(topicKey);
    if (!topic) this.topics.set(topicKey, (topic = { ids: [], byId: new Map() }));
    for (const subscriber of subscribers) {
      const copy = structuredClone(subscriber);
      if (!topic.byId.has(subscriber.subscriberId)) {
        const at = firstAfter(topic.ids, subscriber.subscriberId);
        topic.ids.splice(at, 0, subscriber.subscriberId);
      }
      topic.byId.set(subscriber.subscriberId, copy);
    }
  }

  async unsubscribe(topicKey: string, subscriberIds: readonly string[]): Promise<number> {
    const topic = this.topics.get(topicKey);
    if (!topic) return 0;
    let removed = 0;
    for (const id of new Set(subscriberIds)) {
      if (!topic.byId.delete(id)) continue;
      topic.ids.splice(firstAfter(topic.ids, id) - 1, 1);
      removed++;
    }
    if (topic.ids.length === 0) this.topics.delete(topicKey);
    return removed;
  }

  async subscribers(topicKey: string, page: TopicPage): Promise<TopicSubscriber[]> {
    const topic = this.topics.get(topicKey);
    if (!topic) return [];
    const start = page.after === undefined ? 0 : firstAfter(topic.ids, page.after);
    return topic.ids
      .slice(start, start + page.limit)
      .map((id) => structuredClone(topic.byId.get(id)!));
  }
}
