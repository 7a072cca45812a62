/**
 * Spaces messages to the same chat channel `intervalMs` apart (Slack allows
 * about one message per second per channel), and holds a channel back for
 * as long as a 429 `Retry-After` asked. Keys are channel ids; the map is
 * pruned of keys whose slot has passed, so it stays small.
 */
export class ChatPacer {
  private readonly next = new Map<string, number>();

  constructor(
    private readonly intervalMs: number,
    private readonly now: () => number = Date.now,
    private readonly sleep: (ms: number) => Promise<void> = (ms) =>
      new Promise((resolve) => setTimeout(resolve, ms)),
  ) {}

  /** Resolves when a message to `key` may go out, and books the slot after it. */
  async wait(key: string): Promise<void> {
    if (this.intervalMs <= 0 && !this.next.has(key)) return;
    const now = this.now();
    if (this.next.size > 1000) this.prune(now);
    const at = Math.max(now, this.next.get(key) ?? 0);
    this.next.set(key, at + this.intervalMs);
    if (at > now) await this.sleep(at - now);
  }

  /** After a 429: nothing more to `key` for `ms`. */
  holdBack(key: string, ms: number): void {
    this.next.set(key, Math.max(this.next.get(key) ?? 0, this.now() + ms));
  }

  private prune(now: number): void {
    for (const [key, at] of this.next) if (at <= now) this.next.delete(key);
  }
}
