/**
 * A runtime for `HeraldInboxClient` whose timers run only when the test says
 * so, with a fixed jitter draw and the page events it dispatches itself: the
 * backoff is checked by the delays asked for, never by the wall clock.
 */
export class ManualRuntime {
  /** Every delay asked for, oldest first. */
  readonly delays: number[] = [];
  readonly window = new EventTarget();
  readonly document = Object.assign(new EventTarget(), { visibilityState: 'visible' });
  private readonly pending = new Map<number, { fn: () => void; ms: number }>();
  private next = 0;

  constructor(public draw = 0.5) {}

  readonly setTimeout = (fn: () => void, ms: number): number => {
    this.delays.push(ms);
    this.pending.set(++this.next, { fn, ms });
    return this.next;
  };

  readonly clearTimeout = (handle: unknown): void => {
    this.pending.delete(handle as number);
  };

  readonly random = (): number => this.draw;

  readonly now = (): number => Date.now();

  /** Delays of the timers not yet run or cleared. */
  get waiting(): number[] {
    return [...this.pending.values()].map((t) => t.ms);
  }

  /** Runs the pending timers (those of `ms` only, when given); returns how many ran. */
  fire(ms?: number): number {
    const due = [...this.pending].filter(([, t]) => ms === undefined || t.ms === ms);
    for (const [id] of due) this.pending.delete(id);
    for (const [, t] of due) t.fn();
    return due.length;
  }

  /** Hides or shows the page, as a browser tab does. */
  setVisibility(state: 'visible' | 'hidden'): void {
    this.document.visibilityState = state;
    this.document.dispatchEvent(new Event('visibilitychange'));
  }

  goOnline(): void {
    this.window.dispatchEvent(new Event('online'));
  }
}

/** Resolves once `check` holds, polling; the test's own timeout bounds the wait. */
export async function eventually(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 5));
}
