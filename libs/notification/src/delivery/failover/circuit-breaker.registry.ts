import { requireOptional } from '@herald/contracts/internal';
import type * as Cockatiel from 'cockatiel';
import { DeliveryError } from '../../errors/delivery.error.js';

export interface CircuitBreakerOptions {
  /** Consecutive transient failures that open a backend's circuit. @default 5 */
  threshold?: number;
  /** How long an open circuit rejects before letting one trial send through. @default 30000 */
  cooldownMs?: number;
}

export type CircuitStateName = 'closed' | 'open' | 'half-open' | 'isolated';

/**
 * One cockatiel circuit breaker per backend. Only transient `DeliveryError`s
 * count as failures (a bad phone number says nothing about the provider's
 * health). An open circuit rejects with a transient `DeliveryError` of reason
 * `circuit_open`, so failover moves on to the next backend.
 */
export class CircuitBreakerRegistry {
  readonly threshold: number;
  readonly cooldownMs: number;
  private readonly breakers = new Map<string, Cockatiel.CircuitBreakerPolicy>();
  private cockatiel?: typeof Cockatiel;
  /** `CircuitState.Closed`, read once the library is loaded. */
  private closed?: Cockatiel.CircuitState;

  constructor(options: CircuitBreakerOptions = {}) {
    this.threshold = Math.max(1, options.threshold ?? 5);
    this.cooldownMs = Math.max(0, options.cooldownMs ?? 30_000);
  }

  /** Loads the breaker library now rather than on the first send (a worker, before it takes jobs). */
  load(): void {
    this.lib();
  }

  /** Runs `fn` through `backend`'s breaker. */
  execute<T>(backend: string, fn: () => Promise<T>): Promise<T> {
    try {
      const policy = this.policyFor(backend);
      // closed (the usual case): the breaker cannot reject with a broken circuit, no wrapper needed
      if (policy.state === this.closed) return policy.execute(fn);
      return this.executeGuarded(policy, backend, fn);
    } catch (error) {
      return Promise.reject(error);
    }
  }

  /** An open, half-open or isolated circuit: its rejection becomes a transient `DeliveryError`. */
  private async executeGuarded<T>(
    policy: Cockatiel.CircuitBreakerPolicy,
    backend: string,
    fn: () => Promise<T>,
  ): Promise<T> {
    try {
      return await policy.execute(fn);
    } catch (error) {
      if (this.lib().isBrokenCircuitError(error)) {
        throw new DeliveryError(
          `circuit of backend "${backend}" is open after ${this.threshold} consecutive failures; ` +
            `next trial in at most ${this.cooldownMs} ms`,
          { reason: 'circuit_open', backend, cause: error },
        );
      }
      throw error;
    }
  }

  state(backend: string): CircuitStateName {
    const policy = this.breakers.get(backend);
    if (!policy) return 'closed';
    const { CircuitState } = this.lib();
    switch (policy.state) {
      case CircuitState.Open:
        return 'open';
      case CircuitState.HalfOpen:
        return 'half-open';
      case CircuitState.Isolated:
        return 'isolated';
      default:
        return 'closed';
    }
  }

  /** States of every backend seen so far. */
  states(): Record<string, CircuitStateName> {
    return Object.fromEntries([...this.breakers.keys()].map((name) => [name, this.state(name)]));
  }

  private policyFor(backend: string): Cockatiel.CircuitBreakerPolicy {
    let policy = this.breakers.get(backend);
    if (!policy) {
      const { circuitBreaker, handleWhen, ConsecutiveBreaker } = this.lib();
      policy = circuitBreaker(
        handleWhen((error) => DeliveryError.isTransient(error)),
        { halfOpenAfter: this.cooldownMs, breaker: new ConsecutiveBreaker(this.threshold) },
      );
      this.breakers.set(backend, policy);
    }
    return policy;
  }

  private lib(): typeof Cockatiel {
    if (!this.cockatiel) {
      this.cockatiel = requireOptional<typeof Cockatiel>('cockatiel', 'delivery circuit breakers');
      this.closed = this.cockatiel.CircuitState.Closed;
    }
    return this.cockatiel;
  }
}
