/**
 * Reliable delivery: retry policy, delivery records and stores, failover with
 * per-backend circuit breakers, and queued delivery. The database store and
 * its entity and migration are in `@herald/notification/typeorm`, the BullMQ
 * queue and worker in `@herald/notification/bullmq`.
 */
export { RetryPolicy, type RetryPolicyOptions } from './retry/retry-policy.js';
export {
  DeliveryRecord,
  DELIVERY_STATUSES,
  FEEDBACK_STATUSES,
  type NotSentStatus,
  type DeliveryStatus,
  type FeedbackStatus,
  type DeliveryChannel,
  type ProviderChannel,
  type DeliveryRecordData,
  type DeliveryPatch,
} from './records/delivery-record.js';
export { DeliveryStateError } from './records/delivery-state.error.js';
export {
  DELIVERY_UPDATED_EVENT,
  type DeliveryUpdatedEvent,
  type DeliveryFeedback,
  type DeliveryFeedbackResult,
} from './feedback/delivery-feedback.events.js';
export { DeliveryFeedbackRecorder } from './feedback/delivery-feedback.recorder.js';
/** How records (and the channels' logs and spans) mask a recipient. */
export { maskRecipient } from '../utils/mask.util.js';
export type {
  DeliveryStore,
  NewDeliveryRecord,
  DeliveryListQuery,
  DeliveryCountQuery,
  QueuedJobQuery,
  StoredDeliveryJob,
} from './stores/delivery-store.protocol.js';
export { MemoryDeliveryStore } from './stores/memory-delivery.store.js';
export type {
  CircuitBreakerOptions,
  CircuitStateName,
} from './failover/circuit-breaker.registry.js';
export type { DeliveryBackend } from './reliable/delivery-engine.js';
export {
  DeliveryService,
  type DeliveryServiceOptions,
  type WithDeliveryId,
} from './reliable/delivery.service.js';
export type { ChannelAdapter } from './reliable/channel-adapters.js';
export type {
  DeliveryGuard,
  DeliveryGuardItem,
  DeliveryGuardVerdict,
} from './reliable/delivery-guard.js';
export { ReliableSmsChannel, ReliablePushChannel } from './reliable/reliable-channels.js';
export {
  createDeliveryService,
  type DeliverySettings,
} from './reliable/create-delivery-service.js';
export { RetryingMailer, type RetryingMailerOptions } from '../mailer/retrying-mailer.js';
export type {
  DeliveryJob,
  DeliveryQueue,
  DeliveryQueueCounts,
} from './queue/delivery-queue.protocol.js';
export {
  DeliveryQueueMonitor,
  type DeliveryQueueMonitorOptions,
} from './queue/delivery-queue.monitor.js';
export {
  DeliverySweeper,
  DELIVERY_SWEEPER_METRICS,
  type DeliverySweeperOptions,
  type DeliverySweepResult,
} from './queue/delivery-sweeper.js';
export { DeliveryModule, resolveDeliveryConfig } from './delivery.module.js';
export {
  type DeliveryConfigInput,
  type DeliveryModuleExtras,
} from './delivery.module-definition.js';
export { DELIVERY_STORE } from './delivery.constants.js';
export type { MemoryDeliveryStoreOptions } from './stores/memory-delivery.store.js';
