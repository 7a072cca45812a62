import type { MetricsCollectorProtocol } from '@herald/contracts';
import { redactText } from '@herald/contracts/internal';
import { DeliveryError } from '../../errors/delivery.error.js';
import type { CircuitBreakerRegistry } from '../failover/circuit-breaker.registry.js';
import type {
  DeliveryChannel,
  DeliveryRecord,
  DeliveryStatus,
} from '../records/delivery-record.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import { RetryPolicy, sleep } from '../retry/retry-policy.js';
import type { DeliveryStore } from '../stores/delivery-store.protocol.js';

/** A backend as the engine sees it: a name and a send. */
export interface DeliveryBackend<M = unknown, R = unknown> {
  readonly name: string;
  send(message: M): Promise<R>;
  /**
   * The circuit breaker a message goes through, when one backend reaches many
   * independent targets (outgoing webhooks: one breaker per endpoint, so one
   * failing endpoint never stops the others). @default `<channel>:<backend name>`
   */
  breakerKeyOf?(message: M): string;
}

export interface DeliveryEngineOptions {
  store: DeliveryStore;
  policy?: RetryPolicy;
  breakers: CircuitBreakerRegistry;
  metrics?: MetricsCollectorProtocol;
}

/** A delivery that reached a final status by sending (`sent`) or failing (`failed`, `dead`). */
export interface DeliverySettledEvent {
  record: DeliveryRecord;
  /** The error of the last attempt, when it failed (in the process that settled it). */
  error?: unknown;
  /** The labels the send was given (`DeliveryRequest.meta`, carried by queue jobs). */
  meta?: Readonly<Record<string, string>>;
}

/**
 * Told about every delivery that settles, inline or in a queue worker (the
 * process that settled it). The notifier uses it for per-notification
 * metrics and to retire device tokens a provider declared dead. Errors and
 * rejections of an observer are swallowed: they never change a delivery.
 */
export interface DeliveryObserver {
  onSettled?(event: DeliverySettledEvent): void | Promise<void>;
}

export interface RoundSuccess<R> {
  result: R;
  backend: string;
  record: DeliveryRecord;
}

/**
 * Retry, failover and record keeping for one message. A round tries the
 * backends in order (primary, then fallbacks) and moves on after a transient
 * failure or an open circuit; a permanent failure ends the delivery at once.
 * `deliver` runs rounds with the retry policy's backoff in between (inline
 * mode); queue workers run one round per job attempt.
 */
export class DeliveryEngine {
  readonly store: DeliveryStore;
  readonly policy: RetryPolicy;
  readonly breakers: CircuitBreakerRegistry;
  private readonly metrics?: MetricsCollectorProtocol;
  private readonly observers: DeliveryObserver[] = [];

  constructor(options: DeliveryEngineOptions) {
    this.store = options.store;
    this.policy = options.policy ?? new RetryPolicy();
    this.breakers = options.breakers;
    this.metrics = options.metrics;
  }

  /** Adds an observer of settled deliveries; returns a function that removes it. */
  observe(observer: DeliveryObserver): () => void {
    this.observers.push(observer);
    return () => {
      const at = this.observers.indexOf(observer);
      if (at >= 0) this.observers.splice(at, 1);
    };
  }

  /** Tells every observer; never throws. */
  async notifySettled(event: DeliverySettledEvent): Promise<void> {
    for (const observer of this.observers) {
      try {
        await observer.onSettled?.(event);
      } catch {
        // an observer's failure is its own; the delivery stands as recorded
      }
    }
  }

  /**
   * Rounds until sent, failed or dead; resolves with the provider's answer or
   * rejects with the last error. `created`, the record just created for this
   * delivery, saves reading it back before the first round.
   */
  async deliver<M, R>(
    id: string,
    channel: DeliveryChannel,
    backends: DeliveryBackend<M, R>[],
    message: M,
    messageIdOf: (result: R) => string | undefined,
    meta?: Readonly<Record<string, string>>,
    created?: DeliveryRecord,
  ): Promise<RoundSuccess<R>> {
    let known = created?.id === id ? created : undefined;
    for (;;) {
      const before = known ?? (await this.requireRecord(id));
      known = undefined;
      try {
        return await this.round(before, channel, backends, message, messageIdOf, meta);
      } catch (error) {
        const status = await this.settleFailure(
          id,
          channel,
          error,
          before.attempts + 1,
          this.policy.attempts,
          meta,
        );
        if (status !== 'retrying') throw error;
        await sleep(this.policy.delayFor(before.attempts + 1, error));
      }
    }
  }

  /** One pass over the backends. On failure the record stays `sending`: call `settleFailure`. */
  async round<M, R>(
    record: DeliveryRecord,
    channel: DeliveryChannel,
    backends: DeliveryBackend<M, R>[],
    message: M,
    messageIdOf: (result: R) => string | undefined,
    meta?: Readonly<Record<string, string>>,
  ): Promise<RoundSuccess<R>> {
    const sending = await this.store.transition(record.id, 'sending', {
      attempts: record.attempts + 1,
    });
    return this.attempt(sending, channel, backends, message, messageIdOf, meta);
  }

  /**
   * The pass over the backends of `round`, for a record already moved to
   * `sending` (a queue worker's `store.claim`), or being moved there:
   * `claimed` settles once it is, and `sent` is written after it.
   */
  async attempt<M, R>(
    record: Pick<DeliveryRecord, 'id'>,
    channel: DeliveryChannel,
    backends: DeliveryBackend<M, R>[],
    message: M,
    messageIdOf: (result: R) => string | undefined,
    meta?: Readonly<Record<string, string>>,
    claimed?: Promise<void>,
  ): Promise<RoundSuccess<R>> {
    // built only when no backend was tried: an Error captures a stack, a cost per round otherwise
    let lastError: unknown;
    let tried = false;
    for (const backend of backends) {
      tried = true;
      let result: R;
      try {
        const breaker = backend.breakerKeyOf?.(message) ?? `${channel}:${backend.name}`;
        result = await this.breakers.execute(breaker, () => backend.send(message));
      } catch (error) {
        lastError = error;
        this.metrics?.increment('herald_delivery_errors_total', 1, {
          channel,
          backend: backend.name,
        });
        if (!DeliveryError.isTransient(error)) break;
        continue;
      }
      // the provider accepted: a store's failure from here on is not the backend's
      await claimed;
      const sent = await this.store.transition(record.id, 'sent', {
        backend: backend.name,
        providerMessageId: messageIdOf(result),
        sentAt: new Date(),
      });
      this.metrics?.increment('herald_delivery_sent_total', 1, { channel, backend: backend.name });
      if (this.observers.length > 0) await this.notifySettled({ record: sent, meta });
      return { result, backend: backend.name, record: sent };
    }
    throw tried
      ? lastError
      : new DeliveryError(`no backend configured for ${channel}`, { reason: 'unknown', channel });
  }

  /**
   * Records a failed round: `failed` for a permanent error, `dead` when
   * `attempt` was the last one, `retrying` otherwise.
   */
  async settleFailure(
    id: string,
    channel: DeliveryChannel,
    error: unknown,
    attempt: number,
    maxAttempts = this.policy.attempts,
    meta?: Readonly<Record<string, string>>,
  ): Promise<DeliveryStatus> {
    const status: DeliveryStatus = !DeliveryError.isTransient(error)
      ? 'failed'
      : attempt >= maxAttempts
        ? 'dead'
        : 'retrying';
    const record = await this.store.transition(id, status, { lastError: describeError(error) });
    this.metrics?.increment(`herald_delivery_${status}_total`, 1, { channel });
    if (status !== 'retrying' && this.observers.length > 0)
      await this.notifySettled({ record, error, meta });
    return status;
  }

  /** Counts deliveries refused before any attempt (`herald_delivery_suppressed_total{channel}`). */
  countSuppressed(channel: DeliveryChannel, count = 1): void {
    if (count > 0) this.metrics?.increment('herald_delivery_suppressed_total', count, { channel });
  }

  private async requireRecord(id: string): Promise<DeliveryRecord> {
    const record = await this.store.get(id);
    // the record is created before delivery; gone means it was purged or deleted meanwhile
    if (!record) throw new DeliveryStateError(id, 'sending');
    return record;
  }
}

/** The error as one line for the record, secrets redacted. */
export function describeError(error: unknown): string {
  const text =
    error instanceof DeliveryError
      ? `${error.reason}${error.backend ? ` (${error.backend})` : ''}: ${error.message}`
      : error instanceof Error
        ? `${error.name}: ${error.message}`
        : String(error);
  return redactText(text).slice(0, 1000);
}
