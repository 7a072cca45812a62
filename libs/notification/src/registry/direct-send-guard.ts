import type { ProviderChannel } from '../delivery/records/delivery-record.js';

/**
 * Internal: wraps the backends a registry hands out when reliable delivery is
 * off, so direct sends are screened too (bound by `SuppressionModule`).
 */
export interface DirectSendGuard {
  wrap<T extends object>(channel: ProviderChannel, raw: T): T;
}

/** Internal: the `DirectSendGuard` of `SuppressionModule`, injected optionally by the registries. */
export const DIRECT_SEND_GUARD = 'HERALD:DIRECT_SEND_GUARD';
