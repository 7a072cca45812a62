import { nearestRankPercentile } from './nearest-rank.util.js';
import { SampleRingBuffer } from './sample-ring.buffer.js';

function reference(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(p * sorted.length)));
  return sorted[rank - 1];
}

describe('nearestRankPercentile', () => {
  it('follows the nearest-rank definition', () => {
    const values = [15, 20, 35, 40, 50];
    const at = (p: number) => nearestRankPercentile(Float64Array.from(values), 5, p);
    expect(at(0)).toBe(15);
    expect(at(0.05)).toBe(15);
    expect(at(0.3)).toBe(20);
    expect(at(0.4)).toBe(20);
    expect(at(0.5)).toBe(35);
    expect(at(1)).toBe(50);
    expect(nearestRankPercentile(new Float64Array(4), 0, 0.5)).toBeUndefined();
  });

  it('matches a sort-based reference on random, sorted, reversed and duplicate-heavy data', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 1000;
    const sets = [
      Array.from({ length: 1001 }, random),
      Array.from({ length: 500 }, (_, i) => i),
      Array.from({ length: 500 }, (_, i) => 500 - i),
      Array.from({ length: 2000 }, (_, i) => (i % 3) * 10),
      Array.from({ length: 777 }, () => 42),
    ];
    for (const values of sets) {
      for (const p of [0.5, 0.9, 0.95, 0.99, 0.999, 1]) {
        const scratch = Float64Array.from(values);
        expect(nearestRankPercentile(scratch, values.length, p)).toBe(reference(values, p));
      }
    }
  });

  it('only looks at the first n values', () => {
    expect(nearestRankPercentile(Float64Array.of(1, 2, 3, 1000, 1000), 3, 1)).toBe(3);
  });
});

describe('SampleRingBuffer', () => {
  it('grows up to maxSize, then drops the oldest sample', () => {
    const ring = new SampleRingBuffer(300);
    for (let i = 0; i < 1000; i++) ring.push(i, i);
    expect(ring.size).toBe(300);
    const out = new Float64Array(300);
    expect(ring.copyFrom(0, out)).toBe(300);
    expect(out[0]).toBe(700);
    expect(out[299]).toBe(999);
  });

  it('copies only the samples at or after a time, across the wrap', () => {
    const ring = new SampleRingBuffer(10);
    for (let i = 0; i < 15; i++) ring.push(i * 10, i);
    const out = new Float64Array(10);
    expect(ring.copyFrom(12, out)).toBe(3);
    expect(Array.from(out.subarray(0, 3))).toEqual([120, 130, 140]);
    expect(ring.copyFrom(100, out)).toBe(0);
    expect(ring.countAbove(7, 100)).toEqual({ total: 8, above: 4 });
    ring.clear();
    expect(ring.size).toBe(0);
  });

  it('percentileFrom agrees with a sort-based reference on both paths (heap and quickselect), across the wrap', () => {
    let seed = 3;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ring = new SampleRingBuffer(5000);
    const all: Array<[number, number]> = [];
    for (let t = 0; t < 12_000; t++) {
      const value = Math.round(random() * 500);
      ring.push(value, t);
      all.push([value, t]);
    }
    const scratch = new Float64Array(5000);
    for (const from of [0, 7000, 9000, 11_990, 12_000]) {
      const inWindow = all
        .slice(-5000)
        .filter(([, t]) => t >= from)
        .map(([v]) => v);
      for (const p of [0, 0.01, 0.5, 0.9, 0.95, 0.99, 0.999, 1]) {
        const { n, value } = ring.percentileFrom(from, p, scratch);
        expect(n).toBe(inWindow.length);
        expect(value).toBe(inWindow.length ? reference(inWindow, p) : undefined);
      }
    }
  });
});
