/**
 * The suppression list: addresses that must get no more messages (hard
 * bounces, complaints, SMS STOP, unsubscribes, dead push tokens, manual
 * entries), consulted before every send; push token hygiene; RFC 8058
 * one-click unsubscribe. The database store, entity and migration are in
 * `@herald/notification/typeorm`.
 */
export { SuppressionModule } from './suppression.module';
export type { SuppressionModuleOptions } from './suppression-options.interface';
export { SuppressionService, suppressedReason, type SuppressionCheck } from './suppression.service';
export {
  SUPPRESSION_CHANNELS,
  SUPPRESSION_REASONS,
  type SuppressionChannel,
  type SuppressionReason,
  type SuppressionEntry,
  type NewSuppression,
  type SuppressionListQuery,
  type SuppressionPage,
  type SuppressionProbe,
} from './suppression-entry';
export type { SuppressionStore } from './suppression-store.protocol';
export { MemorySuppressionStore } from './stores/memory-suppression.store';
export { normalizeAddress } from './normalize-address.util';
export {
  SUPPRESSION_STORE,
  SUPPRESSION_GATE,
  NOTIFICATION_PREFERENCES,
} from './suppression.constants';
export { SuppressionGate } from './suppression.gate';
export { SuppressionDeliveryGuard } from './suppression-delivery.guard';
export { SuppressionFeedback, isHardBounce, suppressionReasonOf } from './suppression-feedback';
export {
  PUSH_TOKEN_DEAD_EVENT,
  SUPPRESSION_ADDED_EVENT,
  SUPPRESSION_LIFTED_EVENT,
  type SuppressibleDeliveryUpdate,
  type PushTokenDeadEvent,
} from './suppression.events';
export type { UnsubscribeOptions } from './unsubscribe/unsubscribe-options.interface';
export {
  signUnsubscribeToken,
  verifyUnsubscribeToken,
  type UnsubscribeClaim,
} from './unsubscribe/unsubscribe-token.util';
export { UnsubscribeHeadersGuard } from './unsubscribe/unsubscribe-headers.guard';
export type { UnsubscribePreferencesHook } from './unsubscribe/create-unsubscribe.controller';
export { SuppressionInputError } from './errors/suppression-input.error';
export {
  UnsubscribeTokenError,
  type UnsubscribeTokenProblem,
} from './errors/unsubscribe-token.error';
