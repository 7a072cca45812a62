import { ChatPacer } from './chat-pacer.js';

/** A clock that only moves when the pacer sleeps. */
function fakeClock() {
  const clock = { now: 0, slept: [] as number[] };
  const sleep = async (ms: number) => {
    clock.slept.push(ms);
    clock.now += ms;
  };
  return { clock, pacer: (interval: number) => new ChatPacer(interval, () => clock.now, sleep) };
}

describe('ChatPacer', () => {
  it('spaces messages to one channel by the interval, other channels independently', async () => {
    const { clock, pacer } = fakeClock();
    const p = pacer(1000);
    await p.wait('C1');
    await p.wait('C2');
    expect(clock.slept).toEqual([]);
    await p.wait('C1');
    expect(clock.slept).toEqual([1000]);
    await p.wait('C2');
    expect(clock.slept).toEqual([1000]);
  });

  it('books slots for concurrent sends in order', async () => {
    const { clock, pacer } = fakeClock();
    const p = pacer(1000);
    const order: number[] = [];
    const sleeps: number[] = [];
    const frozen = new ChatPacer(
      1000,
      () => clock.now,
      async (ms) => void sleeps.push(ms),
    );
    await Promise.all([0, 1, 2].map((i) => frozen.wait('C').then(() => order.push(i))));
    expect(sleeps).toEqual([1000, 2000]);
    expect(order).toHaveLength(3);
    await p.wait('C');
    expect(clock.slept).toEqual([]);
  });

  it('holds a channel back for a Retry-After, even with no interval', async () => {
    const { clock, pacer } = fakeClock();
    const p = pacer(0);
    await p.wait('C');
    p.holdBack('C', 3000);
    await p.wait('C');
    expect(clock.slept).toEqual([3000]);
    await p.wait('other');
    expect(clock.slept).toEqual([3000]);
  });
});
