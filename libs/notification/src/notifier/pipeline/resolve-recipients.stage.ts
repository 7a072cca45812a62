import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { RecipientNotFoundError } from '../errors/recipient-not-found.error.js';
import type { NotifyTarget } from '../recipients/recipient.interface.js';
import type { RecipientResolver } from '../recipients/recipient-resolver.interface.js';
import { isTopicRecipient } from '../topics/topic-recipient.js';
import type { TopicStore } from '../topics/topic-store.protocol.js';

/** Where the resolve stage reads a topic's subscribers, and how many a page holds. */
export interface TopicSubscriberSource {
  store: TopicStore;
  /** `NotifierModule` option `topics.batchSize`. */
  batchSize: number;
}

/** One page of a topic's subscribers, resolved as a list given to `notify()` would be. */
export interface ResolvedTopicPage {
  recipients: object[];
  /** The page's last subscriber id: the cursor a fan-out resumes after. */
  last: string;
}

/**
 * First stage: the people a `notify()` reaches, as recipient objects in the
 * order given. A user id goes through the `RecipientResolver` (all ids of the
 * call in one `resolve`); a user object or an on-demand route
 * (`Notifier.route(...)`) is taken as it is. Anything else, or an unknown id,
 * is a typed error before anything is planned or stored.
 *
 * A topic (`topic(key)`) is read from its store in keyset pages of
 * `batchSize`, never all at once (`pages`): each page is resolved as a list
 * (subscribers kept with their routing fields as they are, user ids through
 * the resolver) and handed on before the next page is read.
 */
export class ResolveRecipientsStage {
  constructor(
    private readonly resolver: RecipientResolver,
    private readonly topics?: TopicSubscriberSource,
  ) {}

  /** A list of targets (user ids, user objects, routes), resolved in the order given. */
  async run(targets: readonly NotifyTarget[]): Promise<object[]> {
    const ids: string[] = [];
    targets.forEach((target, i) => {
      if (kindOf(target, i) === 'user-id') ids.push(target as string);
    });
    if (ids.length === 0) return targets as object[];
    const found = await this.resolver.resolve(ids);
    const byId = new Map<string, object>();
    const missing: string[] = [];
    ids.forEach((id, i) => {
      const recipient = found[i];
      if (!recipient || typeof recipient !== 'object') missing.push(id);
      else if (!('id' in recipient) && !('userId' in recipient))
        byId.set(id, { ...recipient, id }); // the id it was asked for is the user id
      else byId.set(id, recipient);
    });
    if (missing.length > 0) throw new RecipientNotFoundError(missing);
    return targets.map((t) => (typeof t === 'string' ? byId.get(t)! : t));
  }

  /**
   * The subscribers of topic `topicKey` after subscriber id `after` (a
   * fan-out's checkpoint; the start when absent), one resolved page at a
   * time, ordered by subscriber id. The next page is read only once the
   * previous one has been taken.
   */
  async *pages(topicKey: string, after?: string): AsyncGenerator<ResolvedTopicPage, void> {
    if (!this.topics)
      throw new NotifierConfigError([
        { path: 'topics', message: 'the resolve stage was built without a topic store' },
      ]);
    const { store, batchSize: limit } = this.topics;
    for (;;) {
      const page = await store.subscribers(topicKey, { after, limit });
      if (page.length === 0) return;
      const recipients = await this.run(page.map((s) => s.recipient ?? s.subscriberId));
      after = page[page.length - 1].subscriberId;
      yield { recipients, last: after };
      if (page.length < limit) return;
    }
  }
}

/** `user-id` (resolved) or `recipient` (a user object or a route, read as it is); typed errors otherwise. */
function kindOf(target: NotifyTarget, i: number): 'user-id' | 'recipient' {
  if (typeof target === 'string') {
    if (target.trim() === '')
      throw new NotifyArgumentError(`recipients[${i}]`, 'is an empty user id');
    return 'user-id';
  }
  if (!target || typeof target !== 'object' || Array.isArray(target)) {
    throw new NotifyArgumentError(
      `recipients[${i}]`,
      `must be a user id, a user object or Notifier.route(...) (got ${target === null ? 'null' : Array.isArray(target) ? 'an array' : typeof target})`,
    );
  }
  // a topic is read page by page (`pages`), never as one member of a list
  if (isTopicRecipient(target))
    throw new NotifyArgumentError(
      `recipients[${i}]`,
      'is a topic(); notify one topic at a time, as the first argument on its own',
    );
  return 'recipient';
}
