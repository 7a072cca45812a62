import type { ProviderChannel } from './records/delivery-record.js';
import type { NamedBackend, NamedBackendRegistry } from '../registry/named-backend.registry.js';
import type { DeliveryConfig } from './delivery-settings.util.js';
import { ReliableMailer } from './reliable/reliable-mailer.js';
import {
  ReliableChatChannel,
  ReliablePushChannel,
  ReliableSmsChannel,
} from './reliable/reliable-channels.js';
import type { DeliveryBackend } from './reliable/delivery-engine.js';
import type { DeliveryService } from './reliable/delivery.service.js';

/** A configured backend as reliable delivery needs it: its name and its failover chain. */
export interface ChainedBackend {
  name: string;
  fallbacks?: string[];
}

const WRAPPERS = {
  sms: ReliableSmsChannel,
  push: ReliablePushChannel,
  mail: ReliableMailer,
  chat: ReliableChatChannel,
} as const;

/**
 * When `delivery.enabled`, registers each configured backend of `registry`
 * in `service` (for the wrappers and the queue workers) and makes the registry
 * hand out its reliable wrapper (retries, failover to the backend's
 * `fallbacks`, circuit breakers, records) under the same name and primary
 * flag. The registry keeps owning the raw backends, so shutdown still closes
 * their connections.
 */
export function applyReliableDelivery<T extends NamedBackend & DeliveryBackend<any, any>>(
  registry: NamedBackendRegistry<T>,
  channel: ProviderChannel,
  backends: readonly ChainedBackend[],
  delivery: Pick<DeliveryConfig, 'enabled'> | undefined,
  service: DeliveryService | undefined,
): NamedBackendRegistry<T> {
  if (!service || !delivery?.enabled) return registry;
  const Wrapper = WRAPPERS[channel];
  for (const backend of backends) service.register(channel, registry.raw(backend.name));
  for (const backend of backends) {
    const chain = [backend.name, ...(backend.fallbacks ?? [])];
    registry.wrap(backend.name, () => new Wrapper(service, chain) as unknown as T);
  }
  return registry;
}
