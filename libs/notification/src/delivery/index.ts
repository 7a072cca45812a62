/**
 * Reliable delivery: retry policy, delivery records and stores, failover with
 * per-backend circuit breakers, and queued delivery. The database store and
 * its entity and migration are in `@herald/notification/typeorm`, the BullMQ
 * queue and worker in `@herald/notification/bullmq`.
 */
export {
  RetryPolicy,
  DEFAULT_RETRY_ATTEMPTS,
  DEFAULT_RETRY_BASE_MS,
  DEFAULT_RETRY_CAP_MS,
  type RetryPolicyOptions,
} from './retry/retry-policy';
export {
  DeliveryRecord,
  DELIVERY_STATUSES,
  DELIVERY_TRANSITIONS,
  FEEDBACK_STATUSES,
  FINAL_STATUSES,
  NOT_SENT_STATUSES,
  type NotSentStatus,
  type DeliveryStatus,
  type FeedbackStatus,
  type DeliveryChannel,
  type ProviderChannel,
  type DeliveryRecordData,
  type DeliveryPatch,
} from './records/delivery-record';
export { DeliveryStateError } from './records/delivery-state.error';
export {
  DELIVERY_UPDATED_EVENT,
  DELIVERY_FEEDBACK_METRIC,
  type DeliveryUpdatedEvent,
  type DeliveryFeedback,
  type DeliveryFeedbackResult,
} from './feedback/delivery-feedback.events';
export { DeliveryFeedbackRecorder } from './feedback/delivery-feedback.recorder';
/** How records (and the channels' logs and spans) mask a recipient. */
export { maskRecipient } from '../utils/mask.util';
export type {
  DeliveryStore,
  NewDeliveryRecord,
  DeliveryListQuery,
  DeliveryCountQuery,
} from './stores/delivery-store.protocol';
export { MemoryDeliveryStore } from './stores/memory-delivery.store';
export type { CircuitBreakerOptions, CircuitStateName } from './failover/circuit-breaker.registry';
export type { DeliveryBackend } from './reliable/delivery-engine';
export {
  DeliveryService,
  type DeliveryServiceOptions,
  type WithDeliveryId,
} from './reliable/delivery.service';
export type { ChannelAdapter } from './reliable/channel-adapters';
export type {
  DeliveryGuard,
  DeliveryGuardItem,
  DeliveryGuardVerdict,
} from './reliable/delivery-guard';
export { ReliableSmsChannel, ReliablePushChannel } from './reliable/reliable-channels';
export { ReliableMailer } from './reliable/reliable-mailer';
export { createDeliveryService, type DeliverySettings } from './reliable/create-delivery-service';
export { RetryingMailer, type RetryingMailerOptions } from '../mailer/retrying-mailer';
export type {
  DeliveryJob,
  DeliveryQueue,
  DeliveryQueueCounts,
} from './queue/delivery-queue.protocol';
export {
  DeliveryQueueMonitor,
  DELIVERY_QUEUE_METRICS,
  type DeliveryQueueMonitorOptions,
} from './queue/delivery-queue.monitor';
export { DeliveryModule, resolveDeliveryConfig } from './delivery.module';
export { type DeliveryConfigInput, type DeliveryModuleExtras } from './delivery.module-definition';
export { DELIVERY_STORE, DELIVERY_QUEUE_HEALTH_CHECK } from './delivery.constants';
export { type MemoryDeliveryStoreOptions } from './stores/memory-delivery.store';
