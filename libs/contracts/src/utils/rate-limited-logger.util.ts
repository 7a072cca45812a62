/** What `RateLimitedLogger` writes to: a Nest `Logger`, `console`, a pino logger. */
export interface WarnSink {
  warn(message: string): void;
}

/** Options of a `RateLimitedLogger`. */
export interface RateLimitedLoggerOptions {
  /** Length of the window, in ms. @default 60000 */
  intervalMs?: number;
  /** Lines of one cause written per window; the rest are counted. @default 1 */
  perInterval?: number;
  /** Causes tracked at once; past it the oldest is forgotten (its count reported). @default 1000 */
  maxCauses?: number;
}

interface CauseWindow {
  /** Start of the window (Date.now()). */
  since: number;
  written: number;
  dropped: number;
  timer?: NodeJS.Timeout;
}

/**
 * Warnings that a request (or a reconnect loop) can trigger, at most
 * `perInterval` lines per cause per window: a flood of unsigned webhooks or a
 * database outage writes one line, then one summary at the end of the window
 * with how many were dropped (`<cause>: 812 similar warnings dropped in the
 * last 60 s`). The summary timer is unref'd and cleared by `close()`.
 *
 * @example
 * const warnings = new RateLimitedLogger(new Logger('HeraldWebhooks'));
 * warnings.warn('twilio-refused', 'Twilio webhook refused (403): no X-Twilio-Signature header');
 */
export class RateLimitedLogger {
  private readonly intervalMs: number;
  private readonly perInterval: number;
  private readonly maxCauses: number;
  private readonly causes = new Map<string, CauseWindow>();

  constructor(
    private readonly sink: WarnSink,
    options: RateLimitedLoggerOptions = {},
  ) {
    this.intervalMs = Math.max(1, options.intervalMs ?? 60_000);
    this.perInterval = Math.max(1, options.perInterval ?? 1);
    this.maxCauses = Math.max(1, options.maxCauses ?? 1000);
  }

  /** Writes `message` unless `cause` has used its lines in this window; returns whether it did. */
  warn(cause: string, message: string, now = Date.now()): boolean {
    let window = this.causes.get(cause);
    if (window && now - window.since >= this.intervalMs) {
      this.report(cause, window);
      window = undefined;
    }
    if (!window) {
      if (this.causes.size >= this.maxCauses) this.forgetOldest();
      window = { since: now, written: 0, dropped: 0 };
      this.causes.set(cause, window);
    }
    if (window.written < this.perInterval) {
      window.written++;
      this.sink.warn(message);
      return true;
    }
    window.dropped++;
    if (!window.timer) {
      const current = window;
      current.timer = setTimeout(
        () => {
          if (this.causes.get(cause) === current) this.report(cause, current);
        },
        Math.max(0, current.since + this.intervalMs - now),
      );
      current.timer.unref?.();
    }
    return false;
  }

  /** Lines dropped so far in the current window of `cause`. */
  droppedFor(cause: string): number {
    return this.causes.get(cause)?.dropped ?? 0;
  }

  /** Reports what every window dropped, and stops the timers. */
  close(): void {
    for (const [cause, window] of [...this.causes]) this.report(cause, window);
  }

  private report(cause: string, window: CauseWindow): void {
    if (window.timer) clearTimeout(window.timer);
    this.causes.delete(cause);
    if (window.dropped === 0) return;
    const seconds = Math.round(this.intervalMs / 1000);
    this.sink.warn(
      `${cause}: ${window.dropped} similar warning${window.dropped === 1 ? '' : 's'} dropped in the last ${seconds} s`,
    );
  }

  private forgetOldest(): void {
    const [cause, window] = this.causes.entries().next().value as [string, CauseWindow];
    this.report(cause, window);
  }
}
