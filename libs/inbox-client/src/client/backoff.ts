/** After this many hard failures in a row the cap grows to `HARD_CAP_MS`. */
export const HARD_FAILURES = 3;
/** The cap after repeated hard failures: a broken deployment is not hammered by every open page. */
export const HARD_CAP_MS = 600_000;

/**
 * Reconnect delays: exponential with full jitter (a uniform draw in
 * `[0, min(cap, initial × 2^attempt))`), so a server that comes back is not
 * met by every client at once. A hard failure (the server answered, but not
 * with a stream, and not with a passing 5xx) counts toward the 10-minute cap;
 * a dropped stream or a 502/503/504 keeps the normal cap.
 */
export class Backoff {
  private attempt = 0;
  private hard = 0;

  constructor(
    private readonly initialMs: number,
    private readonly maxMs: number,
    private readonly random: () => number,
  ) {}

  /** The delay before the next try after a failure. */
  next(hard: boolean): number {
    this.hard = hard ? this.hard + 1 : 0;
    const cap = this.hard >= HARD_FAILURES ? HARD_CAP_MS : this.maxMs;
    const ceiling = Math.min(cap, this.initialMs * 2 ** this.attempt++);
    return Math.floor(this.random() * ceiling);
  }

  /** A stream opened: the next failure starts again from `initialMs`. */
  reset(): void {
    this.attempt = this.hard = 0;
  }
}
