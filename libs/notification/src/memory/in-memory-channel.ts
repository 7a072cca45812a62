import { DeliveryError } from '../errors/delivery.error.js';

/**
 * What the in-memory channels of the test kit share: every message sent, in
 * order, and the failures `failNext()` queued. A subclass answers `send()` the
 * way its channel does, asking {@link InMemoryChannel.takeFailure} first and
 * {@link InMemoryChannel.record} for what it accepted.
 */
export abstract class InMemoryChannel<M> {
  /** Every message sent, oldest first. */
  readonly sent: M[] = [];
  private readonly failures: DeliveryError[] = [];
  private counter = 0;

  protected constructor(
    /** The backend name that results and injected errors carry. */
    readonly name: string,
    private readonly channel: 'sms' | 'push' | 'mail' | 'chat',
  ) {}

  /**
   * The next `send` rejects with `error` (queued: call several times for several
   * failures); by default a transient `provider_unavailable`.
   */
  failNext(
    error: DeliveryError = new DeliveryError('injected failure', {
      reason: 'provider_unavailable',
      channel: this.channel,
      backend: this.name,
    }),
  ): this {
    this.failures.push(error);
    return this;
  }

  /** Forgets what was sent and the queued failures. */
  reset(): void {
    this.sent.length = 0;
    this.failures.length = 0;
  }

  /** Throws the next queued failure, if one is queued. */
  protected takeFailure(): void {
    const failure = this.failures.shift();
    if (failure) throw failure;
  }

  /** Records `message` as sent; returns its number (1 for the first since the channel was made). */
  protected record(message: M): number {
    this.sent.push(message);
    return ++this.counter;
  }
}
