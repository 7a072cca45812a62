import type { Provider } from '@nestjs/common';
import { applyReliableDelivery, type ChainedBackend } from '../delivery/apply-reliable-delivery.js';
import type { DeliveryConfig } from '../delivery/delivery-settings.util.js';
import type { ProviderChannel } from '../delivery/records/delivery-record.js';
import type { DeliveryBackend } from '../delivery/reliable/delivery-engine.js';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { unconfiguredChannel } from '../utils/unconfigured-channel.js';
import { NamedBackendRegistry, type NamedBackend } from './named-backend.registry.js';
import type { DirectSendGuard } from './direct-send-guard.js';

/** A configured backend entry (`NamedSMSConfig`, `NamedPushConfig`, `NamedMailerConfig`). */
export interface ConfiguredBackend extends ChainedBackend {
  primary: boolean;
}

/** One kind of backend: where it is configured and how one is built from its entry. */
export interface BackendKind<T extends NamedBackend, B extends ConfiguredBackend> {
  channel: ProviderChannel;
  /** In messages: `SMS`, `push`, `mail`. */
  label: string;
  /** `notification.sms_backends` */
  path: string;
  create(backend: B, telemetry: DeliveryTelemetry): T;
}

/** What a registry is built from, besides the configured entries. */
export interface BackendRegistryInput<T> {
  telemetry: DeliveryTelemetry;
  delivery?: Pick<DeliveryConfig, 'enabled'>;
  service?: DeliveryService;
  /** Registered first, as the primary (the in-memory fakes of `stub()`). */
  inMemoryPrimary?: T;
  /** `SuppressionModule`'s screen for direct sends, applied when reliable delivery is off. */
  directGuard?: DirectSendGuard;
}

/**
 * Builds every configured backend of one kind into a registry that owns
 * them, wrapped for reliable delivery when `delivery.enabled`, otherwise
 * (with `SuppressionModule`) wrapped so direct sends consult the suppression
 * list first.
 */
export function buildBackendRegistry<
  T extends NamedBackend & DeliveryBackend<any, any>,
  B extends ConfiguredBackend,
>(kind: BackendKind<T, B>, backends: readonly B[], input: BackendRegistryInput<T>) {
  const registry = new NamedBackendRegistry<T>(kind.label, kind.path);
  if (input.inMemoryPrimary) registry.add(input.inMemoryPrimary, true);
  for (const backend of backends)
    registry.add(kind.create(backend, input.telemetry), backend.primary);
  applyReliableDelivery(registry, kind.channel, backends, input.delivery, input.service);
  const reliable = input.service !== undefined && input.delivery?.enabled === true;
  const guard = input.directGuard;
  if (guard && !reliable)
    for (const name of registry.names())
      registry.wrap(name, (raw) => guard.wrap(kind.channel, raw));
  return registry;
}

/**
 * The unnamed token (the primary backend, or a stand-in whose sends explain
 * that none is primary) and one token per name, all resolved through the
 * registry, so they hand out the reliable wrapper when there is one.
 */
export function backendTokenProviders(
  kind: Pick<BackendKind<NamedBackend, ConfiguredBackend>, 'channel' | 'path'>,
  registryToken: symbol,
  primaryToken: symbol,
  tokenOf: (name: string) => symbol,
  names: readonly string[],
): Provider[] {
  return [
    {
      provide: primaryToken,
      useFactory: (r: NamedBackendRegistry<NamedBackend>) =>
        r.hasPrimary() ? r.get() : unconfiguredChannel(kind.channel, kind.path, r.names()),
      inject: [registryToken],
    },
    ...names.map((name) => ({
      provide: tokenOf(name),
      useFactory: (r: NamedBackendRegistry<NamedBackend>) => r.get(name),
      inject: [registryToken],
    })),
  ];
}
