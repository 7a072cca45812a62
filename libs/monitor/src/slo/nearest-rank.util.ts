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
  const rank = Math.min(n, Math.max(1, Math.ceil(percentile * n - 1e-9)));
  return quickselect(values, rank - 1, 0, n - 1);
}

/**
 * The k-th smallest (0-based) of `a[left..right]`, partially reordering `a`.
 * Hoare partitioning around a median-of-three value, so runs of equal values
 * (common in latency samples) split evenly instead of degrading to O(n²).
 */
export function quickselect(a: Float64Array, k: number, left: number, right: number): number {
  let l = left;
  let r = right;
  while (l < r) {
    const x = medianOfThree(a[l], a[(l + r) >>> 1], a[r]);
    let i = l;
    let j = r;
    do {
      while (a[i] < x) i++;
      while (x < a[j]) j--;
      if (i <= j) {
        const t = a[i];
        a[i] = a[j];
        a[j] = t;
        i++;
        j--;
      }
    } while (i <= j);
    if (j < k) l = i;
    if (k < i) r = j;
  }
  return a[k];
}

function medianOfThree(x: number, y: number, z: number): number {
  if (x < y) return y < z ? y : x < z ? z : x;
  return x < z ? x : y < z ? z : y;
}
