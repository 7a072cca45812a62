interface Waiting<I, O> {
  items: readonly I[];
  resolve(out: O[]): void;
  reject(error: unknown): void;
}

/**
 * Coalesces the writes of concurrent callers into one: items submitted in
 * the same turn of the event loop are written by one `write(all)` call (one
 * multi-row INSERT, one `addBulk`), and each caller gets its own slice of the
 * answer, in order. 32 `notify()` calls in flight cost a few statements
 * instead of 32 each. A failed write fails every caller of that batch.
 * Submissions of `maxItems` or more are written on their own at once.
 */
export class WriteCoalescer<I, O> {
  private waiting: Array<Waiting<I, O>> = [];
  private size = 0;
  private scheduled = false;

  constructor(
    private readonly write: (items: I[]) => Promise<O[]>,
    private readonly maxItems = 5000,
  ) {}

  submit(items: readonly I[]): Promise<O[]> {
    if (items.length >= this.maxItems) return this.write([...items]);
    return new Promise<O[]>((resolve, reject) => {
      this.waiting.push({ items, resolve, reject });
      this.size += items.length;
      if (this.size >= this.maxItems) this.drain();
      else if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.drain());
      }
    });
  }

  private drain(): void {
    this.scheduled = false;
    const batch = this.waiting;
    if (batch.length === 0) return;
    this.waiting = [];
    this.size = 0;
    const all = batch.flatMap((w) => w.items);
    this.write(all).then(
      (out) => {
        let at = 0;
        for (const w of batch) {
          w.resolve(out.slice(at, at + w.items.length));
          at += w.items.length;
        }
      },
      (error: unknown) => batch.forEach((w) => w.reject(error)),
    );
  }
}
