/**
 * The suppression list: addresses that must get no more messages (hard
 * bounces, complaints, SMS STOP, unsubscribes, dead push tokens, manual
 * entries), consulted before every send; push token hygiene; RFC 8058
 * one-click unsubscribe. The database store, entity and migration are in
 * `@herald/notification/typeorm`.
 */
export { SuppressionModule } from './suppression.module.js';
export type { SuppressionModuleOptions } from './suppression-options.interface.js';
export { SuppressionService, type SuppressionCheck } from './suppression.service.js';
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
} from './suppression-entry.js';
export type { SuppressionStore } from './suppression-store.protocol.js';
export { MemorySuppressionStore } from './stores/memory-suppression.store.js';
export { NOTIFICATION_PREFERENCES } from './suppression.constants.js';
export { SuppressionDeliveryGuard } from './suppression-delivery.guard.js';
export {
  PUSH_TOKEN_DEAD_EVENT,
  SUPPRESSION_ADDED_EVENT,
  SUPPRESSION_LIFTED_EVENT,
  type SuppressibleDeliveryUpdate,
  type PushTokenDeadEvent,
} from './suppression.events.js';
export type { UnsubscribeOptions } from './unsubscribe/unsubscribe-options.interface.js';
export {
  signUnsubscribeToken,
  type UnsubscribeClaim,
} from './unsubscribe/unsubscribe-token.util.js';
export type { UnsubscribePreferencesHook } from './unsubscribe/create-unsubscribe.controller.js';
export { SuppressionInputError } from './errors/suppression-input.error.js';
export {
  UnsubscribeTokenError,
  type UnsubscribeTokenProblem,
} from './errors/unsubscribe-token.error.js';
