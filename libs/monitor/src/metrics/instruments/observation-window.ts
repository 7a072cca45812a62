/**
 * The last `capacity` raw observations of one series, in a ring buffer that
 * starts small and doubles up to `capacity`, so a series observed a few times
 * costs a few bytes and a busy one never more than `capacity` numbers.
 */
export class ObservationWindow {
  private data: Float64Array;
  private next = 0;
  private size = 0;

  constructor(private readonly capacity: number) {
    this.data = new Float64Array(Math.min(8, capacity));
  }

  push(value: number): void {
    if (this.capacity === 0) return;
    const data = this.data;
    if (this.size < data.length) {
      data[this.size++] = value;
      this.next = this.size === data.length ? 0 : this.size;
      return;
    }
    if (data.length < this.capacity) {
      const grown = new Float64Array(Math.min(this.capacity, data.length * 2));
      grown.set(data);
      grown[this.size++] = value;
      this.data = grown;
      this.next = this.size === grown.length ? 0 : this.size;
      return;
    }
    data[this.next] = value;
    this.next = this.next + 1 === data.length ? 0 : this.next + 1;
  }

  /** Oldest first. */
  toArray(): number[] {
    const { data, size } = this;
    if (size < data.length) return Array.from(data.subarray(0, size));
    const out = new Array<number>(size);
    for (let i = 0; i < size; i++) out[i] = data[(this.next + i) % size];
    return out;
  }

  get length(): number {
    return this.size;
  }

  clear(): void {
    this.size = 0;
    this.next = 0;
    this.data = new Float64Array(Math.min(8, this.capacity));
  }
}

/** @default 1000 raw observations kept per histogram/summary series (`MetricsConfig.maxObservations`). */
export const DEFAULT_MAX_OBSERVATIONS = 1000;
