import { mthLargest, nearestRankPercentile } from './nearest-rank.util';

const INITIAL_CAPACITY = 256;
/** Above this many values from the top, copying + quickselect beats the heap. */
const HEAP_LIMIT = 512;

/**
 * The samples of one metric: values and their timestamps in two parallel
 * `Float64Array`s used as a ring. `push` is O(1) amortised (the arrays double
 * until they reach `maxSize`, then the oldest sample is overwritten) and
 * allocates nothing once grown. Timestamps are assumed non-decreasing, so
 * the start of a time window is found by binary search.
 */
export class SampleRingBuffer {
  private values: Float64Array;
  private times: Float64Array;
  private start = 0;
  private count = 0;
  private readonly ranges: [number, number, number, number] = [0, 0, 0, 0];

  constructor(readonly maxSize: number) {
    const capacity = Math.min(INITIAL_CAPACITY, maxSize);
    this.values = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  push(value: number, time: number): void {
    let capacity = this.values.length;
    if (this.count === capacity && capacity < this.maxSize) {
      this.grow(Math.min(capacity * 2, this.maxSize));
      capacity = this.values.length;
    }
    if (this.count < capacity) {
      const index = (this.start + this.count) % capacity;
      this.values[index] = value;
      this.times[index] = time;
      this.count++;
    } else {
      this.values[this.start] = value;
      this.times[this.start] = time;
      this.start = (this.start + 1) % capacity;
    }
  }

  clear(): void {
    this.start = 0;
    this.count = 0;
  }

  /** Logical index (0 = oldest) of the first sample with time >= `from`. */
  firstIndexFrom(from: number): number {
    const capacity = this.values.length;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.times[(this.start + mid) % capacity] < from) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Copies the values with time >= `from` into `target` (from index 0); returns how many. */
  copyFrom(from: number, target: Float64Array): number {
    const first = this.firstIndexFrom(from);
    const n = this.count - first;
    const capacity = this.values.length;
    const begin = (this.start + first) % capacity;
    const tail = Math.min(n, capacity - begin);
    target.set(this.values.subarray(begin, begin + tail), 0);
    if (tail < n) target.set(this.values.subarray(0, n - tail), tail);
    return n;
  }

  /**
   * Nearest-rank `percentile` of the samples with time >= `from`, and how many
   * there are. High percentiles (few values above the rank) are read in place
   * with a small heap; others are copied into `scratch` and quickselected.
   */
  percentileFrom(
    from: number,
    percentile: number,
    scratch: Float64Array,
  ): { n: number; value: number | undefined } {
    const first = this.firstIndexFrom(from);
    const n = this.count - first;
    if (n === 0) return { n, value: undefined };
    const rank = Math.min(n, Math.max(1, Math.ceil(percentile * n - 1e-9)));
    const m = n - rank + 1;
    if (m <= HEAP_LIMIT && m * 8 <= n) {
      const capacity = this.values.length;
      const begin = (this.start + first) % capacity;
      const tail = Math.min(n, capacity - begin);
      this.ranges[0] = begin;
      this.ranges[1] = begin + tail;
      this.ranges[2] = 0;
      this.ranges[3] = n - tail;
      return { n, value: mthLargest(this.values, this.ranges, m, scratch) };
    }
    this.copyFrom(from, scratch);
    return { n, value: nearestRankPercentile(scratch, n, percentile) };
  }

  /** Samples with time >= `from`, and how many of them are above `threshold`. */
  countAbove(from: number, threshold: number): { total: number; above: number } {
    const first = this.firstIndexFrom(from);
    const capacity = this.values.length;
    let above = 0;
    for (let i = first; i < this.count; i++) {
      if (this.values[(this.start + i) % capacity] > threshold) above++;
    }
    return { total: this.count - first, above };
  }

  private grow(capacity: number): void {
    const values = new Float64Array(capacity);
    const times = new Float64Array(capacity);
    const old = this.values.length;
    for (let i = 0; i < this.count; i++) {
      values[i] = this.values[(this.start + i) % old];
      times[i] = this.times[(this.start + i) % old];
    }
    this.values = values;
    this.times = times;
    this.start = 0;
  }
}
