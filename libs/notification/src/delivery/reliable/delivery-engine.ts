import type { MetricsCollectorProtocol } from '@herald/contracts';
import { redactText } from '@herald/contracts/internal';
import { DeliveryError } from '../../errors/delivery.error';
import type { CircuitBreakerRegistry } from '../failover/circuit-breaker.registry';
import type { DeliveryChannel, DeliveryRecord, DeliveryStatus } from '../records/delivery-record';
import { DeliveryStateError } from '../records/delivery-state.error';
import { RetryPolicy, sleep } from '../retry/retry-policy';
import type { DeliveryStore } from '../stores/delivery-store.protocol';

/** A backend as the engine sees it: a name and a send. */
export interface DeliveryBackend<M = unknown, R = unknown> {
  readonly name: string;
  send(message: M): Promise<R>;
}

export interface DeliveryEngineOptions {
  store: DeliveryStore;
  policy?: RetryPolicy;
  breakers: CircuitBreakerRegistry;
  metrics?: MetricsCollectorProtocol;
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

  constructor(options: DeliveryEngineOptions) {
    this.store = options.store;
    this.policy = options.policy ?? new RetryPolicy();
    this.breakers = options.breakers;
    this.metrics = options.metrics;
  }

  /** Rounds until sent, failed or dead; resolves with the provider's answer or rejects with the last error. */
  async deliver<M, R>(
    id: string,
    channel: DeliveryChannel,
    backends: DeliveryBackend<M, R>[],
    message: M,
    messageIdOf: (result: R) => string | undefined,
  ): Promise<RoundSuccess<R>> {
    for (;;) {
      const before = await this.requireRecord(id);
      try {
        return await this.round(before, channel, backends, message, messageIdOf);
      } catch (error) {
        const status = await this.settleFailure(id, channel, error, before.attempts + 1);
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
  ): Promise<RoundSuccess<R>> {
    await this.store.transition(record.id, 'sending', { attempts: record.attempts + 1 });
    let lastError: unknown = new DeliveryError(`no backend configured for ${channel}`, {
      reason: 'unknown',
      channel,
    });
    for (const backend of backends) {
      try {
        const result = await this.breakers.execute(`${channel}:${backend.name}`, () =>
          backend.send(message),
        );
        const sent = await this.store.transition(record.id, 'sent', {
          backend: backend.name,
          providerMessageId: messageIdOf(result),
          sentAt: new Date(),
        });
        this.metrics?.increment('herald_delivery_sent_total', 1, {
          channel,
          backend: backend.name,
        });
        return { result, backend: backend.name, record: sent };
      } catch (error) {
        lastError = error;
        this.metrics?.increment('herald_delivery_errors_total', 1, {
          channel,
          backend: backend.name,
        });
        if (!DeliveryError.isTransient(error)) break;
      }
    }
    throw lastError;
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
  ): Promise<DeliveryStatus> {
    const status: DeliveryStatus = !DeliveryError.isTransient(error)
      ? 'failed'
      : attempt >= maxAttempts
        ? 'dead'
        : 'retrying';
    await this.store.transition(id, status, { lastError: describeError(error) });
    this.metrics?.increment(`herald_delivery_${status}_total`, 1, { channel });
    return status;
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
