/** The 1-based nearest rank of `percentile` among `n` values: `ceil(p·n)`, between 1 and `n`. */
export function nearestRank(n: number, percentile: number): number {
  return Math.min(n, Math.max(1, Math.ceil(percentile * n - 1e-9)));
}

/**
 * Nearest-rank percentile of `values[0..n)`: the smallest value such that at
 * least `percentile` of the values are at or below it (rank `ceil(p·n)`, at
 * least 1). Runs in O(n) on average with quickselect and reorders `values`
 * in place, so pass a scratch copy. Returns undefined for `n = 0`.
 *
 * @example nearestRankPercentile(Float64Array.of(5, 1, 3, 2, 4), 5, 0.8) // 4
 */
export function nearestRankPercentile(
  values: Float64Array,
  n: number,
  percentile: number,
): number | undefined {
  if (n <= 0) return undefined;
  return quickselect(values, nearestRank(n, percentile) - 1, 0, n - 1);
}

/**
 * The k-th smallest (0-based) of `a[left..right]`, partially reordering `a`:
 * Floyd–Rivest selection (pivots from a recursive sample around `k`, so about
 * n + min(k, n − k) comparisons), with a partition that splits runs of equal
 * values (common in latency samples) instead of degrading to O(n²).
 */
export function quickselect(a: Float64Array, k: number, left: number, right: number): number {
  let l = left;
  let r = right;
  while (r > l) {
    if (r - l > 600) {
      const n = r - l + 1;
      const m = k - l + 1;
      const z = Math.log(n);
      const s = 0.5 * Math.exp((2 * z) / 3);
      const sd = 0.5 * Math.sqrt((z * s * (n - s)) / n) * (m - n / 2 < 0 ? -1 : 1);
      quickselect(
        a,
        k,
        Math.max(l, Math.floor(k - (m * s) / n + sd)),
        Math.min(r, Math.floor(k + ((n - m) * s) / n + sd)),
      );
    }
    const t = a[k];
    let i = l;
    let j = r;
    swap(a, l, k);
    if (a[r] > t) swap(a, l, r);
    while (i < j) {
      swap(a, i, j);
      i++;
      j--;
      while (a[i] < t) i++;
      while (a[j] > t) j--;
    }
    if (a[l] === t) swap(a, l, j);
    else {
      j++;
      swap(a, j, r);
    }
    if (j <= k) l = j + 1;
    if (k <= j) r = j - 1;
  }
  return a[k];
}

function swap(a: Float64Array, i: number, j: number): void {
  const t = a[i];
  a[i] = a[j];
  a[j] = t;
}

/**
 * The `m`-th largest of `values[lo1..hi1) ∪ values[lo2..hi2)` with a min-heap of
 * size `m` kept in `heap`: one comparison for most values, so ~n steps when
 * `m` is small (the p95/p99/p99.9 of a large window), without copying.
 */
export function mthLargest(
  values: Float64Array,
  ranges: readonly [number, number, number, number],
  m: number,
  heap: Float64Array,
): number {
  let size = 0;
  for (let r = 0; r < 4; r += 2) {
    const hi = ranges[r + 1];
    for (let i = ranges[r]; i < hi; i++) {
      const v = values[i];
      if (size < m) {
        // sift up
        let j = size++;
        while (j > 0) {
          const parent = (j - 1) >> 1;
          if (heap[parent] <= v) break;
          heap[j] = heap[parent];
          j = parent;
        }
        heap[j] = v;
      } else if (v > heap[0]) {
        // replace the root, sift down
        let j = 0;
        for (;;) {
          const left = 2 * j + 1;
          if (left >= m) break;
          const right = left + 1;
          const child = right < m && heap[right] < heap[left] ? right : left;
          if (heap[child] >= v) break;
          heap[j] = heap[child];
          j = child;
        }
        heap[j] = v;
      }
    }
  }
  return heap[0];
}
