import { Backoff, HARD_CAP_MS, HARD_FAILURES } from './backoff.js';

describe('Backoff', () => {
  it('doubles from initialMs to maxMs, drawing uniformly below the ceiling (full jitter)', () => {
    const b = new Backoff(1000, 30_000, () => 0.999);
    const delays = Array.from({ length: 8 }, () => b.next(false));
    expect(delays).toEqual([999, 1998, 3996, 7992, 15984, 29970, 29970, 29970]);
    expect(new Backoff(1000, 30_000, () => 0).next(false)).toBe(0);
  });

  it('goes back to initialMs after reset (a stream opened)', () => {
    const b = new Backoff(1000, 30_000, () => 0.5);
    b.next(false);
    b.next(false);
    b.reset();
    expect(b.next(false)).toBe(500);
  });

  it(`escalates the cap to 10 minutes after ${HARD_FAILURES} hard failures in a row, not before`, () => {
    const soft = new Backoff(1000, 30_000, () => 0.999);
    const hard = new Backoff(1000, 30_000, () => 0.999);
    const s = Array.from({ length: 12 }, () => soft.next(false));
    const h = Array.from({ length: 12 }, () => hard.next(true));
    expect(Math.max(...s)).toBe(29970);
    expect(h[11]).toBe(Math.floor(0.999 * HARD_CAP_MS));
    expect(h.slice(0, 5)).toEqual(s.slice(0, 5));
    // two hard failures then a soft one: the normal cap again
    const mixed = new Backoff(1000, 30_000, () => 0.999);
    [true, true, false].forEach((x) => mixed.next(x));
    for (let i = 0; i < 8; i++) expect(mixed.next(i % 3 !== 2)).toBeLessThanOrEqual(29970);
  });
});
