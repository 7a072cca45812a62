/**
 * Reliable delivery: retry policy, delivery records and stores, failover with
 * per-backend circuit breakers, and queued delivery on BullMQ.
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
  FINAL_STATUSES,
  NOT_SENT_STATUSES,
  type NotSentStatus,
  type DeliveryStatus,
  type DeliveryChannel,
  type ProviderChannel,
  type DeliveryRecordData,
  type DeliveryPatch,
} from './records/delivery-record';
export { DeliveryStateError } from './records/delivery-state.error';
/** How records (and the channels' logs and spans) mask a recipient. */
export { maskRecipient } from '../utils/mask.util';
export type {
  DeliveryStore,
  NewDeliveryRecord,
  DeliveryListQuery,
  DeliveryCountQuery,
} from './stores/delivery-store.protocol';
export { MemoryDeliveryStore } from './stores/memory-delivery.store';
export { DatabaseDeliveryStore } from './stores/database-delivery.store';
export {
  deliveryRecordEntity,
  DeliveryRecordEntity,
  DELIVERY_TABLE,
} from './entities/delivery-record.entity';
export { CreateDeliveryRecords1732400000000 } from './migrations/create-delivery-records.migration';
export { AddDeliveryNotificationId1734200000000 } from './migrations/add-delivery-notification-id.migration';
export {
  CircuitBreakerRegistry,
  type CircuitBreakerOptions,
  type CircuitStateName,
} from './failover/circuit-breaker.registry';
export {
  DeliveryEngine,
  describeError,
  type DeliveryBackend,
  type DeliveryEngineOptions,
} from './reliable/delivery-engine';
export {
  DeliveryService,
  type DeliveryServiceOptions,
  type WithDeliveryId,
} from './reliable/delivery.service';
export {
  SMS_ADAPTER,
  PUSH_ADAPTER,
  MAIL_ADAPTER,
  deliveryIdFor,
  deriveIdempotencyKey,
  type ChannelAdapter,
} from './reliable/channel-adapters';
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
  BullmqDeliveryQueue,
  type BullmqDeliveryQueueOptions,
} from './queue/bullmq-delivery.queue';
export { DeliveryWorker, type DeliveryWorkerOptions } from './queue/delivery-worker';
export {
  DeliveryQueueMonitor,
  DELIVERY_QUEUE_METRICS,
  type DeliveryQueueMonitorOptions,
} from './queue/delivery-queue.monitor';
export { connectionFromUrl, type BullmqQueueOptions } from './queue/bullmq-connection.util';
export { DeliveryModule, resolveDeliveryConfig } from './delivery.module';
export { type DeliveryConfigInput } from './delivery.module-definition';
export {
  createDeliveryProviders,
  createDeliveryStore,
  DELIVERY_EXPORTS,
  type DeliveryConfigSource,
} from './delivery.providers';
export { DELIVERY_STORE, DELIVERY_QUEUE_HEALTH_CHECK } from './delivery.constants';
export { DeliveryLifecycle } from './delivery.lifecycle';
export { deliverySettingsFrom, type DeliveryConfig } from './delivery-settings.util';
export { applyReliableDelivery, type ChainedBackend } from './apply-reliable-delivery';
export { type MemoryDeliveryStoreOptions } from './stores/memory-delivery.store';
