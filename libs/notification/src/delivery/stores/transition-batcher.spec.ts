import type { DeliveryRecord } from '../records/delivery-record.js';
import { TransitionBatcher, type TransitionGroup } from './transition-batcher.js';

/** A batcher whose statements stay open until the test ends them. */
function held(inFlight?: number) {
  const statements: Array<{ ids: string[]; end: () => void }> = [];
  const batcher = new TransitionBatcher(
    (groups: readonly TransitionGroup[]) =>
      new Promise<Map<string, DeliveryRecord>>((resolve) => {
        const ids = groups.flatMap((group) => group.items.map((item) => item.id));
        const moved = new Map(
          ids.map((id) => [id, { id, status: 'sent' } as unknown as DeliveryRecord]),
        );
        statements.push({ ids, end: () => resolve(moved) });
      }),
    async () => undefined,
    inFlight === undefined ? {} : { inFlight },
  );
  return { batcher, statements };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('TransitionBatcher in flight', () => {
  it('with inFlight 2, writes a second batch while the first is in flight, a third after one ends', async () => {
    const { batcher, statements } = held(2);
    const a = batcher.submit('a', 'sent', {});
    await turn();
    const b = batcher.claim('b');
    await turn();
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b']]);
    const c = batcher.submit('c', 'sent', {});
    const d = batcher.submit('d', 'sent', {});
    await turn();
    // two in flight: c and d wait, then go together
    expect(statements).toHaveLength(2);
    statements[0].end();
    await expect(a).resolves.toMatchObject({ id: 'a' });
    await turn();
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b'], ['c', 'd']]);
    statements[1].end();
    statements[2].end();
    await expect(Promise.all([b, c, d])).resolves.toHaveLength(3);
  });

  it('by default (inFlight 1), the next batch waits for the one in flight', async () => {
    const { batcher, statements } = held();
    const a = batcher.submit('a', 'sent', {});
    await turn();
    const b = batcher.claim('b');
    await turn();
    expect(statements.map((s) => s.ids)).toEqual([['a']]);
    statements[0].end();
    await a;
    await turn();
    expect(statements.map((s) => s.ids)).toEqual([['a'], ['b']]);
    statements[1].end();
    await expect(b).resolves.toMatchObject({ id: 'b' });
  });

  it('flush() waits for every batch in flight', async () => {
    const { batcher, statements } = held(2);
    void batcher.submit('a', 'sent', {});
    await turn();
    void batcher.submit('b', 'sent', {});
    let flushed = false;
    const flushing = batcher.flush().then(() => (flushed = true));
    await turn();
    expect(statements).toHaveLength(2);
    statements[0].end();
    await turn();
    expect(flushed).toBe(false);
    statements[1].end();
    await flushing;
    expect(flushed).toBe(true);
  });
});
