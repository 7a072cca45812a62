import { mthLargest, nearestRank, nearestRankPercentile } from './nearest-rank.util.js';

const INITIAL_CAPACITY = 256;
/** Above this many values from the top, copying + quickselect beats the heap. */
const HEAP_LIMIT = 512;
/**
 * Share of `maxSize` kept physically after samples leave the ring, so a
 * `SortedWindow` can still read the values it must drop.
 */
export const RETAINED_SHARE = 0.25;

/**
 * True when the nearest-rank `percentile` of `n` values is best read in place
 * with a small heap of the values above it (p95/p99/p99.9 of a large window).
 */
export function prefersHeap(n: number, percentile: number): boolean {
  const m = n - nearestRank(n, percentile) + 1;
  return m <= HEAP_LIMIT && m * 8 <= n;
}

/** Generations are unique across rings, so a view never mistakes one ring for another. */
let generations = 0;

/**
 * The samples of one metric: values and their timestamps in two parallel
 * `Float64Array`s used as a ring. `push` is O(1) amortised (the arrays double
 * until they reach `maxSize` plus a quarter, then the oldest slot is
 * overwritten) and allocates nothing once grown. At most `maxSize` samples
 * are held; the last quarter of `maxSize` samples that left stay readable by
 * sequence number (`valueAt`). Samples are numbered from 0 in push order;
 * timestamps are assumed non-decreasing, so the start of a time window is
 * found by binary search.
 */
export class SampleRingBuffer {
  private values: Float64Array;
  private times: Float64Array;
  private count = 0;
  /** Samples ever pushed since the last `clear()`: the sequence number of the next one. */
  private pushed = 0;
  /** Changes on every `clear()`, so views built on older sequence numbers know they are stale. */
  private generation = ++generations;
  private readonly fullCapacity: number;
  private readonly ranges: [number, number, number, number] = [0, 0, 0, 0];

  constructor(readonly maxSize: number) {
    this.fullCapacity = maxSize + Math.ceil(maxSize * RETAINED_SHARE);
    const capacity = Math.min(INITIAL_CAPACITY, this.fullCapacity);
    this.values = new Float64Array(capacity);
    this.times = new Float64Array(capacity);
  }

  get size(): number {
    return this.count;
  }

  /** Sequence number of the next sample. */
  get endSeq(): number {
    return this.pushed;
  }

  /** Sequence number of the oldest sample held. */
  get startSeq(): number {
    return this.pushed - this.count;
  }

  /** Oldest sequence number `valueAt` can still read (held, or recently left). */
  get retainedFrom(): number {
    return this.pushed - Math.min(this.pushed, this.values.length);
  }

  get epoch(): number {
    return this.generation;
  }

  push(value: number, time: number): void {
    if (this.count === this.values.length && this.values.length < this.fullCapacity) {
      this.grow(Math.min(this.values.length * 2, this.fullCapacity));
    }
    const index = this.pushed % this.values.length;
    this.values[index] = value;
    this.times[index] = time;
    this.pushed++;
    if (this.count < this.maxSize) this.count++;
  }

  clear(): void {
    this.count = 0;
    this.pushed = 0;
    this.generation = ++generations;
  }

  /** The value of sample `seq`, for `retainedFrom <= seq < endSeq`. */
  valueAt(seq: number): number {
    return this.values[seq % this.values.length];
  }

  /** Sequence number of the first held sample with time >= `from`. */
  seqFrom(from: number): number {
    return this.startSeq + this.firstIndexFrom(from);
  }

  /** Logical index (0 = oldest held) of the first sample with time >= `from`. */
  firstIndexFrom(from: number): number {
    const capacity = this.values.length;
    const start = this.startSeq;
    let low = 0;
    let high = this.count;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (this.times[(start + mid) % capacity] < from) low = mid + 1;
      else high = mid;
    }
    return low;
  }

  /** Copies the values with time >= `from` into `target` (from index 0); returns how many. */
  copyFrom(from: number, target: Float64Array): number {
    const first = this.firstIndexFrom(from);
    return this.copyHeld(first, this.count - first, target);
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
    const fromSeq = this.seqFrom(from);
    return {
      n: this.pushed - fromSeq,
      value: this.percentileFromSeq(fromSeq, percentile, scratch),
    };
  }

  /** Same as `percentileFrom`, for the held samples numbered `fromSeq` and later. */
  percentileFromSeq(
    fromSeq: number,
    percentile: number,
    scratch: Float64Array,
  ): number | undefined {
    const first = fromSeq - this.startSeq;
    const n = this.count - first;
    if (n <= 0) return undefined;
    if (prefersHeap(n, percentile)) {
      const capacity = this.values.length;
      const begin = fromSeq % capacity;
      const tail = Math.min(n, capacity - begin);
      this.ranges[0] = begin;
      this.ranges[1] = begin + tail;
      this.ranges[2] = 0;
      this.ranges[3] = n - tail;
      return mthLargest(this.values, this.ranges, n - nearestRank(n, percentile) + 1, scratch);
    }
    this.copyHeld(first, n, scratch);
    return nearestRankPercentile(scratch, n, percentile);
  }

  /** Samples with time >= `from`, and how many of them are above `threshold`. */
  countAbove(from: number, threshold: number): { total: number; above: number } {
    const first = this.firstIndexFrom(from);
    const capacity = this.values.length;
    const start = this.startSeq;
    let above = 0;
    for (let i = first; i < this.count; i++) {
      if (this.values[(start + i) % capacity] > threshold) above++;
    }
    return { total: this.count - first, above };
  }

  /** Copies `n` held values from logical index `first` into `target` (from index 0). */
  private copyHeld(first: number, n: number, target: Float64Array): number {
    const capacity = this.values.length;
    const begin = (this.startSeq + first) % capacity;
    const tail = Math.min(n, capacity - begin);
    target.set(this.values.subarray(begin, begin + tail), 0);
    if (tail < n) target.set(this.values.subarray(0, n - tail), tail);
    return n;
  }

  private grow(capacity: number): void {
    const values = new Float64Array(capacity);
    const times = new Float64Array(capacity);
    const old = this.values.length;
    for (let seq = this.retainedFrom; seq < this.pushed; seq++) {
      values[seq % capacity] = this.values[seq % old];
      times[seq % capacity] = this.times[seq % old];
    }
    this.values = values;
    this.times = times;
  }
}
