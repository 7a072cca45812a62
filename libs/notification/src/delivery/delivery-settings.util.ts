import type { NotificationConfig } from '@herald/contracts';
import type { DeliverySettings } from './reliable/create-delivery-service.js';

/** `notification.delivery` as a config class instance (seconds). */
export type DeliveryConfig = NotificationConfig['delivery'];

/** The config's seconds as the API's milliseconds. */
export function deliverySettingsFrom(config: DeliveryConfig): DeliverySettings {
  return {
    retryAttempts: config.retryAttempts,
    retryBaseMs: config.retryBase * 1000,
    retryCapMs: config.retryCap * 1000,
    circuitThreshold: config.circuitThreshold,
    circuitCooldownMs: config.circuitCooldown * 1000,
    idempotencyWindowMs: config.idempotencyWindow * 1000,
  };
}

/** The worker's lock and stalled-check timing from the config's seconds. */
export function workerTimingFrom(config: DeliveryConfig): {
  lockDurationMs: number;
  stalledIntervalMs: number;
} {
  return {
    lockDurationMs: Math.round(config.lockDuration * 1000),
    stalledIntervalMs: Math.round(config.stalledInterval * 1000),
  };
}
