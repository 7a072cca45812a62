import { NotifierConfigError } from '../errors/notifier-config.error.js';
import { NotifyArgumentError } from '../errors/notify-argument.error.js';
import { RecipientNotFoundError } from '../errors/recipient-not-found.error.js';
import type { RecipientResolver } from '../recipients/recipient-resolver.interface.js';
import { MemoryTopicStore } from '../topics/memory-topic.store.js';
import { topic } from '../topics/topic-recipient.js';
import type { TopicPage } from '../topics/topic-store.protocol.js';
import { ResolveRecipientsStage, type ResolvedTopicPage } from './resolve-recipients.stage.js';

/** Knows `u1`..`u9`; records every `resolve()` call. */
function resolver(asked: string[][]): RecipientResolver {
  return {
    resolve: async (ids) => {
      asked.push([...ids]);
      return ids.map((id) => (/^u\d$/.test(id) ? { id, email: `${id}@example.com` } : undefined));
    },
  };
}

describe('ResolveRecipientsStage: a topic read page by page', () => {
  let store: MemoryTopicStore;
  let reads: TopicPage[];
  let asked: string[][];
  let stage: ResolveRecipientsStage;

  beforeEach(async () => {
    store = new MemoryTopicStore();
    await store.subscribe('project:1', [
      { subscriberId: 'u1' },
      { subscriberId: 'u2' },
      { subscriberId: 'u3' },
      { subscriberId: 'u4', recipient: { id: 'u4', phone: '+15550000004', locale: 'fr' } },
      { subscriberId: 'u5' },
    ]);
    await store.subscribe('project:2', [{ subscriberId: 'u6' }]);
    reads = [];
    const read = store.subscribers.bind(store);
    store.subscribers = (key, page) => {
      reads.push({ ...page });
      return read(key, page);
    };
    asked = [];
    stage = new ResolveRecipientsStage(resolver(asked), { store, batchSize: 2 });
  });

  const all = async (pages: AsyncIterable<ResolvedTopicPage>) => {
    const taken: ResolvedTopicPage[] = [];
    for await (const page of pages) taken.push(page);
    return taken;
  };

  it('yields keyset pages of batchSize, each resolved as a list (ids through the resolver, subscribed objects as they are)', async () => {
    const pages = await all(stage.pages('project:1'));

    expect(pages).toEqual([
      {
        recipients: [
          { id: 'u1', email: 'u1@example.com' },
          { id: 'u2', email: 'u2@example.com' },
        ],
        last: 'u2',
      },
      {
        recipients: [
          { id: 'u3', email: 'u3@example.com' },
          { id: 'u4', phone: '+15550000004', locale: 'fr' },
        ],
        last: 'u4',
      },
      { recipients: [{ id: 'u5', email: 'u5@example.com' }], last: 'u5' },
    ]);
    expect(reads).toEqual([
      { after: undefined, limit: 2 },
      { after: 'u2', limit: 2 },
      { after: 'u4', limit: 2 },
    ]);
    // one resolve() a page, with that page's user ids only
    expect(asked).toEqual([['u1', 'u2'], ['u3'], ['u5']]);
  });

  it('reads the next page only once the previous one is taken', async () => {
    const pages = stage.pages('project:1');
    await pages.next();
    expect(reads).toHaveLength(1);
    await pages.next();
    expect(reads).toHaveLength(2);
    await pages.return();
    expect(reads).toHaveLength(2);
  });

  it('resumes after a checkpoint cursor', async () => {
    const pages = await all(stage.pages('project:1', 'u3'));
    expect(pages.map((p) => p.last)).toEqual(['u5']);
    expect(pages[0].recipients).toEqual([
      { id: 'u4', phone: '+15550000004', locale: 'fr' },
      { id: 'u5', email: 'u5@example.com' },
    ]);
    // a full page: one more read finds the end
    expect(reads).toEqual([
      { after: 'u3', limit: 2 },
      { after: 'u5', limit: 2 },
    ]);
  });

  it('stops at an empty page when the topic is a whole number of pages, and yields nothing for an unknown topic', async () => {
    await store.subscribe('project:2', [{ subscriberId: 'u7' }]);
    expect((await all(stage.pages('project:2'))).map((p) => p.last)).toEqual(['u7']);
    expect(reads).toEqual([
      { after: undefined, limit: 2 },
      { after: 'u7', limit: 2 },
    ]);
    expect(await all(stage.pages('nobody'))).toEqual([]);
  });

  it('throws RecipientNotFoundError for a subscriber id the resolver does not know', async () => {
    await store.subscribe('project:3', [{ subscriberId: 'ghost' }]);
    await expect(all(stage.pages('project:3'))).rejects.toThrow(RecipientNotFoundError);
  });

  it('refuses a topic inside a list, naming it, and a topic without a topic store', async () => {
    await expect(stage.run(['u1', topic('project:1')])).rejects.toThrow(NotifyArgumentError);
    await expect(stage.run(['u1', topic('project:1')])).rejects.toThrow(
      /recipients\[1\] is a topic\(\)/,
    );
    const bare = new ResolveRecipientsStage(resolver([]));
    await expect(all(bare.pages('project:1'))).rejects.toThrow(NotifierConfigError);
  });
});
