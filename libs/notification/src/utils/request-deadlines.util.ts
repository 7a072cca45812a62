/** One in-flight request's time limit. */
export interface RequestDeadline {
  readonly at: number;
  readonly expire: () => void;
}

/**
 * The time limits of a client's in-flight requests on one timer. Arming a
 * socket timeout per request (Node's `timeout` option) adds listeners and a
 * timer to the socket on every send, which costs about a tenth of a
 * keep-alive request to a local server; here a send costs a `Set` insert and
 * delete, and the one timer is re-armed only when it fires or when a request
 * has an earlier limit than the armed one. The limit is on the whole exchange
 * (connect, send, answer), not on socket idleness.
 */
export class RequestDeadlines {
  private readonly pending = new Set<RequestDeadline>();
  private timer?: NodeJS.Timeout;
  private armedAt = Number.POSITIVE_INFINITY;

  /** Calls `expire` once `ms` have passed, unless `clear` came first. */
  add(ms: number, expire: () => void): RequestDeadline {
    const deadline = { at: Date.now() + ms, expire };
    this.pending.add(deadline);
    if (deadline.at < this.armedAt) this.arm(deadline.at);
    return deadline;
  }

  clear(deadline: RequestDeadline): void {
    this.pending.delete(deadline);
  }

  /** Forgets every limit (the client is closing). */
  close(): void {
    this.pending.clear();
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
  }

  private arm(at: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.armedAt = at;
    // the request itself keeps the process alive, not its limit
    this.timer = setTimeout(() => this.fire(), Math.max(0, at - Date.now())).unref();
  }

  private fire(): void {
    this.timer = undefined;
    this.armedAt = Number.POSITIVE_INFINITY;
    const now = Date.now();
    let next = Number.POSITIVE_INFINITY;
    for (const deadline of this.pending) {
      if (deadline.at <= now) {
        this.pending.delete(deadline);
        deadline.expire();
      } else if (deadline.at < next) next = deadline.at;
    }
    if (next !== Number.POSITIVE_INFINITY) this.arm(next);
  }
}
