/**
 * `@herald/notification/notifier`: notify a person, not a channel.
 * Notification classes (`via()`, `toSms()`, `toPush()`, `toMail()`,
 * `toInbox()`), `NotifierService.notify()`, recipients and their resolver,
 * the device-token registry, preferences (per user × category × channel),
 * gates between routing and sending, custom
 * channels, and `NotifierModule`.
 */
export { NotifierModule } from './notifier.module.js';
export type {
  NotifierModuleOptions,
  NotifierModuleExtras,
  NotifierOutboxOptions,
} from './notifier-options.interface.js';
export {
  NotifierService,
  type NotifierNotifyOptions,
  type NotifyResult,
  type NotificationStatusReport,
} from './notifier.service.js';
export { Notifier } from './notifier.facade.js';
export {
  NotificationPreviewService,
  type NotificationPreview,
} from './preview/notification-preview.service.js';
export {
  Notification,
  type BuiltInChannel,
  type ChannelName,
  type SmsContent,
  type PushContent,
  type MailContent,
  type ChatContent,
  type InboxContent,
  type ToSms,
  type ToPush,
  type ToMail,
  type ToChat,
  type ToInbox,
  type ToWebhook,
  type ToChannel,
  type RenderContext,
} from './notification.js';
export { NOTIFICATION_OUTBOX, NOTIFICATION_PREFERENCE_STORE } from './notifier.constants.js';
export type { NotificationOutcome } from './notifier.metrics.js';

export type {
  RecipientLike,
  RecipientProfile,
  NotifyTarget,
} from './recipients/recipient.interface.js';
export type { RecipientResolver } from './recipients/recipient-resolver.interface.js';
export { OnDemandRecipient } from './recipients/on-demand-recipient.js';

export type {
  NotificationGate,
  GateContext,
  GateDecision,
  NotificationDescriptor,
  NotificationDigester,
  DigestEntry,
} from './gates/notification-gate.interface.js';
export { GateDecisions } from './gates/gate-decisions.js';

export type {
  NotifierChannel,
  ChannelSendContext,
  ChannelSendResult,
} from './channels/notifier-channel.interface.js';
export type { InboxDeliveryMessage } from './channels/inbox-delivery.adapter.js';

export {
  DEVICE_PLATFORMS,
  type DevicePlatform,
  type DeviceToken,
  type DeviceTokenRegistration,
  type DeviceTokenFilter,
} from './devices/device-token.js';
export type { DeviceTokenStore } from './devices/device-token-store.protocol.js';
export { DeviceTokenService } from './devices/device-token.service.js';
export type { ChatAddress, ChatAddressRegistration } from './devices/chat-address.js';
export type { ChatAddressStore } from './devices/chat-address-store.protocol.js';
export { ChatAddressService } from './devices/chat-address.service.js';
export { MemoryChatAddressStore } from './devices/memory-chat-address.store.js';
export { ChatAddressError } from './errors/chat-address.error.js';

export {
  type NotificationPreference,
  type NotificationPreferenceInput,
  type PreferenceTopic,
  type EffectivePreference,
} from './preferences/notification-preference.js';
export type { NotificationPreferenceStore } from './preferences/notification-preference-store.protocol.js';
export { NotificationPreferencesService } from './preferences/notification-preferences.service.js';
export { PreferenceGate } from './preferences/preference.gate.js';

export {
  type NotificationStatus,
  type NotificationRecord,
  type NewNotificationRecord,
  type NotificationListQuery,
  type NotificationPatch,
} from './records/notification-record.js';
export type { NotificationStore } from './records/notification-store.protocol.js';
export type { MemoryNotificationStoreOptions } from './records/memory-notification.store.js';

export type { NotifierTransaction, TransactionRunnerLike } from './outbox/notifier-transaction.js';
export type { OutboxEntry, OutboxPayload, OutboxCounts } from './outbox/outbox-entry.js';
export type { OutboxStore, NewOutboxEntry } from './outbox/outbox-store.protocol.js';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay.js';

export type { DispatchedDelivery } from './pipeline/dispatch.stage.js';
export type {
  NotificationPlan,
  PlannedRecipient,
  PlannedDelivery,
} from './planning/notification-plan.interface.js';
export type { NotifierJob, NotifierScheduler } from './queue/notifier-job.interface.js';

export {
  type WebhookEndpoint,
  type WebhookSecret,
  type WebhookEndpointRegistration,
  type WebhookEndpointWithSecret,
  type WebhookEndpointFilter,
  type StoredWebhookEndpoint,
} from './webhooks/webhook-endpoint.js';
export type {
  WebhookEndpointStore,
  WebhookEndpointPatch,
} from './webhooks/webhook-endpoint-store.protocol.js';
export { WebhookEndpointsService } from './webhooks/webhook-endpoints.service.js';
export { WebhookSender } from './webhooks/webhook-sender.js';
export type {
  WebhookContent,
  WebhookDeliveryMessage,
  WebhookSendResult,
} from './webhooks/webhook-delivery.js';
export type { WebhookChannelOptions } from './webhooks/webhook-options.js';
export { WebhookEndpointError } from './webhooks/webhook-endpoint.error.js';
export { WebhookEndpointNotFoundError } from './webhooks/webhook-endpoint-not-found.error.js';
export { MemoryWebhookEndpointStore } from './webhooks/memory-webhook-endpoint.store.js';
export { generateWebhookSecret } from './webhooks/webhook-signature.util.js';
export { WEBHOOK_ENDPOINT_STORE } from './notifier.constants.js';

export { topic, TopicRecipient } from './topics/topic-recipient.js';
export {
  TopicService,
  type TopicTarget,
  type TopicSubscriberPage,
} from './topics/topic.service.js';
export type { TopicStore, TopicSubscriber, TopicPage } from './topics/topic-store.protocol.js';
export type { NotifierTopicOptions } from './topics/topic-options.interface.js';
export { MemoryTopicStore } from './topics/memory-topic.store.js';
export { TopicArgumentError } from './topics/topic-argument.error.js';
export { TOPIC_STORE } from './topics/topic.constants.js';

export { UnknownChannelError } from './errors/unknown-channel.error.js';
export { ChannelUnavailableError } from './errors/channel-unavailable.error.js';
export { MissingRenderMethodError } from './errors/missing-render-method.error.js';
export { NotifyArgumentError } from './errors/notify-argument.error.js';
export { RecipientNotFoundError } from './errors/recipient-not-found.error.js';
export { NotifierConfigError } from './errors/notifier-config.error.js';
export { DeviceTokenError } from './errors/device-token.error.js';
export { NotificationPreferenceError } from './errors/notification-preference.error.js';

export type {
  EscalationStep,
  ThrottleRule,
  DigestRule,
  TimingRules,
} from './timing/timing-rules.js';
export {
  quietHoursGate,
  type QuietHoursOptions,
  type QuietHoursWindow,
} from './timing/quiet-hours.gate.js';
export { TimingRuleError } from './errors/timing-rule.error.js';
export { throttleGate, type ThrottleGateOptions } from './timing/throttle.gate.js';
export {
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
  type ThrottleVerdict,
} from './timing/throttle-store.js';
export type { RedisTimingStoreOptions, TimingRedisClient } from './timing/redis-client.util.js';
export { DigestGate } from './digest/digest.gate.js';
export type { DigestBatch, DigestItem, RenderDigest } from './digest/digest-batch.js';
export type { DigestBuffer } from './digest/digest-buffer.js';
export { MemoryNotificationDigester } from './digest/memory-notification.digester.js';
export { RedisNotificationDigester } from './digest/redis-notification.digester.js';
