import type { SampleRingBuffer } from './sample-ring.buffer.js';
import { nearestRank } from './nearest-rank.util.js';
import { RETAINED_SHARE } from './sample-ring.buffer.js';

/** Above this share of new samples since the last evaluation, selection beats merging. */
const MAX_CHURN = RETAINED_SHARE;

/**
 * One SLO's window of samples kept sorted between evaluations, so that a
 * periodic evaluation costs one linear merge (drop the values that left the
 * window, merge in the new ones, both sorted) instead of a selection over the
 * whole window, and the percentile is read by index.
 *
 * When more than a quarter of the window is new since the last evaluation,
 * `percentile()` returns `undefined` and the caller selects directly (a merge
 * would not pay); the view is built again (one native sort) once the churn is
 * low.
 */
export class SortedWindow {
  private values = new Float64Array(0);
  private next = new Float64Array(0);
  /** Scratch for the values that left and arrived (reused: a merge allocates nothing once grown). */
  private departed = new Float64Array(0);
  private incoming = new Float64Array(0);
  private size = 0;
  /** The view holds samples numbered [from, to) of ring generation `epoch`; `to < 0`: none. */
  private from = 0;
  private to = -1;
  private epoch = -1;
  /** The ring's end at the last evaluation. */
  private lastEnd = -1;

  /**
   * Nearest-rank `percentile` of the ring's samples numbered [`fromSeq`, end),
   * or `undefined` when there are none or the churn is too high for the view.
   */
  percentile(ring: SampleRingBuffer, fromSeq: number, percentile: number): number | undefined {
    const end = ring.endSeq;
    const n = end - fromSeq;
    const sameRing = this.epoch === ring.epoch;
    const since = sameRing && this.lastEnd >= 0 ? Math.max(this.lastEnd, fromSeq) : fromSeq;
    const lowChurn = end - since <= n * MAX_CHURN;
    this.lastEnd = end;
    this.epoch = ring.epoch;
    if (n <= 0 || !lowChurn) {
      this.to = -1;
      return undefined;
    }
    const mergeable =
      sameRing &&
      this.to >= 0 &&
      this.from <= fromSeq &&
      fromSeq <= this.to &&
      this.to <= end &&
      this.from >= ring.retainedFrom;
    if (!(mergeable && this.merge(ring, fromSeq, end))) this.rebuild(ring, fromSeq, end);
    return this.values[nearestRank(n, percentile) - 1];
  }

  /**
   * Removes the values numbered [from, fromSeq) and adds [to, end): both few
   * and sorted, so the view is copied in runs between
   * the positions they touch, found by binary search. False when a value to
   * remove is missing (the caller then rebuilds).
   */
  private merge(ring: SampleRingBuffer, fromSeq: number, end: number): boolean {
    if (fromSeq === this.from && end === this.to) return true;
    const D = fromSeq - this.from;
    const J = end - this.to;
    if (this.departed.length < D) this.departed = new Float64Array(Math.max(D, 64));
    if (this.incoming.length < J) this.incoming = new Float64Array(Math.max(J, 64));
    const departed = readSorted(ring, this.from, fromSeq, this.departed);
    const incoming = readSorted(ring, this.to, end, this.incoming);
    const total = end - fromSeq;
    this.reserve(total);
    const { values, next: out, size } = this;
    let cursor = 0;
    let k = 0;
    let d = 0;
    let j = 0;
    while (d < D || j < J) {
      if (j >= J || (d < D && departed[d] <= incoming[j])) {
        const v = departed[d++];
        const at = lowerBound(values, v, cursor, size);
        if (at >= size || values[at] !== v) return false;
        k = copyRun(values, cursor, at, out, k);
        cursor = at + 1;
      } else {
        const w = incoming[j++];
        const at = lowerBound(values, w, cursor, size);
        k = copyRun(values, cursor, at, out, k);
        cursor = at;
        out[k++] = w;
      }
    }
    k = copyRun(values, cursor, size, out, k);
    if (k !== total) return false;
    this.commit(total, fromSeq, end);
    return true;
  }

  /** Builds the view from the ring (one native sort). */
  private rebuild(ring: SampleRingBuffer, fromSeq: number, end: number): void {
    const total = end - fromSeq;
    this.reserve(total);
    for (let i = 0; i < total; i++) this.next[i] = ring.valueAt(fromSeq + i);
    this.next.subarray(0, total).sort();
    this.commit(total, fromSeq, end);
  }

  private reserve(total: number): void {
    if (this.next.length < total) this.next = new Float64Array(Math.max(total, this.values.length));
  }

  private commit(size: number, from: number, to: number): void {
    [this.values, this.next] = [this.next, this.values];
    this.size = size;
    this.from = from;
    this.to = to;
  }
}

/** Copies `from[lo..hi)` to `to` at `at`; returns the index after it. Short runs by hand (a subarray view costs more). */
function copyRun(from: Float64Array, lo: number, hi: number, to: Float64Array, at: number): number {
  if (hi - lo > 256) {
    to.set(from.subarray(lo, hi), at);
    return at + hi - lo;
  }
  let k = at;
  for (let i = lo; i < hi; i++) to[k++] = from[i];
  return k;
}

/** First index in [lo, hi) of `a` (sorted) whose value is >= `v`. */
function lowerBound(a: Float64Array, v: number, lo: number, hi: number): number {
  let low = lo;
  let high = hi;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (a[mid] < v) low = mid + 1;
    else high = mid;
  }
  return low;
}

/** The values of samples numbered [from, to), sorted, in the front of `into`. */
function readSorted(
  ring: SampleRingBuffer,
  from: number,
  to: number,
  into: Float64Array,
): Float64Array {
  const n = to - from;
  for (let i = 0; i < n; i++) into[i] = ring.valueAt(from + i);
  // A sorted subarray view over the scratch; the view itself is the only allocation.
  return into.subarray(0, n).sort();
}
