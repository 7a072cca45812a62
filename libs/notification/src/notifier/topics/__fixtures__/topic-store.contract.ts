import type { TopicStore, TopicSubscriber } from '../topic-store.protocol.js';

let seq = 0;
const uniqueTopic = (label: string) => `${label}:${process.pid}:${Date.now()}:${seq++}`;

/** Every subscriber of `topicKey`, page by page (`limit` at a time). */
export async function readAll(
  store: TopicStore,
  topicKey: string,
  limit: number,
): Promise<{ subscribers: TopicSubscriber[]; pages: number }> {
  const subscribers: TopicSubscriber[] = [];
  let pages = 0;
  let after: string | undefined;
  for (;;) {
    const page = await store.subscribers(topicKey, { after, limit });
    if (page.length === 0) return { subscribers, pages };
    pages++;
    subscribers.push(...page);
    after = page[page.length - 1].subscriberId;
  }
}

/** The behaviour every TopicStore must have; each store's spec runs it. */
export function describeTopicStoreContract(name: string, getStore: () => TopicStore): void {
  describe(`${name}: TopicStore contract`, () => {
    it('pages subscribers by id, each once, with the routing fields of object subscribers', async () => {
      const store = getStore();
      const key = uniqueTopic('project');
      const ids = Array.from({ length: 25 }, (_, i) => `user-${String(i).padStart(3, '0')}`);
      await store.subscribe(
        key,
        [...ids]
          .reverse()
          .map((id, i) =>
            i === 0
              ? { subscriberId: id, recipient: { id, email: 'a@example.com', locale: 'fr' } }
              : { subscriberId: id },
          ),
      );
      const { subscribers, pages } = await readAll(store, key, 10);
      expect(pages).toBe(3);
      expect(subscribers.map((s) => s.subscriberId)).toEqual(ids);
      expect(subscribers[24]).toEqual({
        subscriberId: 'user-024',
        recipient: { id: 'user-024', email: 'a@example.com', locale: 'fr' },
      });
      expect(subscribers[0]).toEqual({ subscriberId: 'user-000' });
    });

    it('keeps one row per subscriber; subscribing again updates the routing fields', async () => {
      const store = getStore();
      const key = uniqueTopic('tag');
      await store.subscribe(key, [{ subscriberId: 'u1' }, { subscriberId: 'u2' }]);
      await store.subscribe(key, [
        { subscriberId: 'u1', recipient: { id: 'u1', phone: '+15550000001' } },
        { subscriberId: 'u1', recipient: { id: 'u1', phone: '+15550000002' } },
      ]);
      expect((await readAll(store, key, 100)).subscribers).toEqual([
        { subscriberId: 'u1', recipient: { id: 'u1', phone: '+15550000002' } },
        { subscriberId: 'u2' },
      ]);
    });

    it('unsubscribes, answering how many were subscribed; topics stay apart', async () => {
      const store = getStore();
      const a = uniqueTopic('a');
      const b = uniqueTopic('b');
      await store.subscribe(a, [{ subscriberId: 'x' }, { subscriberId: 'y' }]);
      await store.subscribe(b, [{ subscriberId: 'x' }]);
      expect(await store.unsubscribe(a, ['x', 'x', 'nobody'])).toBe(1);
      expect(await store.unsubscribe(a, ['x'])).toBe(0);
      expect((await readAll(store, a, 10)).subscribers).toEqual([{ subscriberId: 'y' }]);
      expect((await readAll(store, b, 10)).subscribers).toEqual([{ subscriberId: 'x' }]);
      expect(await store.subscribers(uniqueTopic('empty'), { limit: 10 })).toEqual([]);
    });

    it('orders ids by code point (byte order), not by locale', async () => {
      const store = getStore();
      const key = uniqueTopic('order');
      const ids = ['B', 'a', 'Z', '_', '10', '9', 'b'];
      await store.subscribe(
        key,
        ids.map((subscriberId) => ({ subscriberId })),
      );
      expect((await readAll(store, key, 2)).subscribers.map((s) => s.subscriberId)).toEqual(
        [...ids].sort(),
      );
    });

    it('takes more subscribers in one call than a statement holds parameters', async () => {
      const store = getStore();
      const key = uniqueTopic('big');
      const ids = Array.from({ length: 1200 }, (_, i) => `u${String(i).padStart(5, '0')}`);
      await store.subscribe(
        key,
        ids.map((subscriberId) => ({ subscriberId })),
      );
      const { subscribers } = await readAll(store, key, 500);
      expect(subscribers.map((s) => s.subscriberId)).toEqual(ids);
      expect(await store.unsubscribe(key, ids)).toBe(1200);
    });
  });
}
