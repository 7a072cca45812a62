import type { MetricsCollectorProtocol, TracerProtocol } from '@herald/contracts';
import { CircuitBreakerRegistry } from '../failover/circuit-breaker.registry.js';
import type { DeliveryQueue } from '../queue/delivery-queue.protocol.js';
import { RetryPolicy } from '../retry/retry-policy.js';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import type { DeliveryStore } from '../stores/delivery-store.protocol.js';
import { DeliveryEngine } from './delivery-engine.js';
import { DeliveryService } from './delivery.service.js';

/** Plain-object settings of reliable delivery, in milliseconds (the config's seconds converted). */
export interface DeliverySettings {
  /** @default 5 */
  retryAttempts?: number;
  /** @default 1000 */
  retryBaseMs?: number;
  /** @default 60000 */
  retryCapMs?: number;
  /** @default 5 */
  circuitThreshold?: number;
  /** @default 30000 */
  circuitCooldownMs?: number;
  /** @default 3600000 */
  idempotencyWindowMs?: number;
}

/** Wires store, retry policy, breakers and (optionally) a queue into a `DeliveryService`. */
export function createDeliveryService(
  settings: DeliverySettings = {},
  deps: {
    store?: DeliveryStore;
    queue?: DeliveryQueue;
    metrics?: MetricsCollectorProtocol;
    tracer?: TracerProtocol;
  } = {},
): DeliveryService {
  const engine = new DeliveryEngine({
    store: deps.store ?? new MemoryDeliveryStore(),
    policy: new RetryPolicy({
      attempts: settings.retryAttempts,
      baseDelayMs: settings.retryBaseMs,
      maxDelayMs: settings.retryCapMs,
    }),
    breakers: new CircuitBreakerRegistry({
      threshold: settings.circuitThreshold,
      cooldownMs: settings.circuitCooldownMs,
    }),
    metrics: deps.metrics,
  });
  return new DeliveryService({
    engine,
    queue: deps.queue,
    tracer: deps.tracer,
    idempotencyWindowMs: settings.idempotencyWindowMs,
  });
}
