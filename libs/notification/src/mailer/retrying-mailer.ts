import type {
  MailerProtocol,
  MailSendResult,
  MetricsCollectorProtocol,
  Sendable,
} from '@herald/contracts';
import { CircuitBreakerRegistry } from '../delivery/failover/circuit-breaker.registry.js';
import { DeliveryEngine } from '../delivery/reliable/delivery-engine.js';
import { DeliveryService, type WithDeliveryId } from '../delivery/reliable/delivery.service.js';
import { ReliableMailer } from '../delivery/reliable/reliable-mailer.js';
import { RetryPolicy, type RetryPolicyOptions } from '../delivery/retry/retry-policy.js';
import type { DeliveryStore } from '../delivery/stores/delivery-store.protocol.js';
import { MemoryDeliveryStore } from '../delivery/stores/memory-delivery.store.js';

export interface RetryingMailerOptions {
  /** A policy, or its options. @default new RetryPolicy() (5 attempts, 1 s base, 60 s cap) */
  policy?: RetryPolicy | RetryPolicyOptions;
  /** Where each message's record goes. @default a new MemoryDeliveryStore */
  store?: DeliveryStore;
  /** Mailers tried in order after a transient failure or an open circuit of `mailer`. */
  fallbacks?: MailerProtocol[];
  /** Shared breakers; pass one registry to several mailers so they agree on a backend's health. */
  breakers?: CircuitBreakerRegistry;
  metrics?: MetricsCollectorProtocol;
}

/**
 * The retrying mailer: wraps any `MailerProtocol` with exponential backoff
 * (full jitter, transient `DeliveryError`s only, `Retry-After` honoured) and
 * delivery-store tracking (`queued → sending → sent | retrying | failed | dead`).
 *
 * @example
 * const mailer = new RetryingMailer(smtpMailer, { policy: { attempts: 3 }, store });
 * const { deliveryId } = await mailer.send(new WelcomeMail(user));
 */
export class RetryingMailer implements MailerProtocol {
  readonly name: string;
  readonly store: DeliveryStore;
  readonly policy: RetryPolicy;
  private readonly inner: ReliableMailer;

  constructor(mailer: MailerProtocol, options: RetryingMailerOptions = {}) {
    this.name = mailer.name;
    this.store = options.store ?? new MemoryDeliveryStore();
    this.policy =
      options.policy instanceof RetryPolicy ? options.policy : new RetryPolicy(options.policy);
    const service = new DeliveryService({
      engine: new DeliveryEngine({
        store: this.store,
        policy: this.policy,
        breakers: options.breakers ?? new CircuitBreakerRegistry(),
        metrics: options.metrics,
      }),
    });
    const all = [mailer, ...(options.fallbacks ?? [])];
    for (const backend of all) service.register('mail', backend);
    this.inner = new ReliableMailer(
      service,
      all.map((m) => m.name),
    );
  }

  send(mail: Sendable): Promise<WithDeliveryId<MailSendResult>> {
    return this.inner.send(mail);
  }
}
