import { WriteCoalescer } from './write-coalescer.util.js';

describe('WriteCoalescer', () => {
  it('writes what concurrent callers submit in one call and hands each its own slice', async () => {
    const writes: number[][] = [];
    const coalescer = new WriteCoalescer(async (items: number[]) => {
      writes.push(items);
      return items.map((n) => n * 10);
    });
    const [a, b, c] = await Promise.all([
      coalescer.submit([1, 2]),
      coalescer.submit([3]),
      coalescer.submit([4, 5, 6]),
    ]);
    expect(writes).toEqual([[1, 2, 3, 4, 5, 6]]);
    expect([a, b, c]).toEqual([[10, 20], [30], [40, 50, 60]]);
    expect(await coalescer.submit([7])).toEqual([70]);
    expect(writes).toHaveLength(2);
  });

  it('fails every caller of a failed batch, and writes the next batch afresh', async () => {
    let fail = true;
    const coalescer = new WriteCoalescer(async (items: string[]) => {
      if (fail) throw new Error('db down');
      return items;
    });
    const outcomes = await Promise.allSettled([coalescer.submit(['a']), coalescer.submit(['b'])]);
    expect(outcomes.map((o) => o.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await coalescer.submit(['c'])).toEqual(['c']);
  });

  it('writes large submissions on their own, and flushes as soon as a batch is full', async () => {
    const writes: number[] = [];
    const coalescer = new WriteCoalescer(async (items: number[]) => {
      writes.push(items.length);
      return items;
    }, 4);
    await coalescer.submit([1, 2, 3, 4, 5]);
    await Promise.all([coalescer.submit([1, 2]), coalescer.submit([3, 4]), coalescer.submit([5])]);
    expect(writes).toEqual([5, 4, 1]);
  });
});
