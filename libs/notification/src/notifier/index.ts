/**
 * `@herald/notification/notifier`: notify a person, not a channel.
 * Notification classes (`via()`, `toSms()`, `toPush()`, `toMail()`,
 * `toInbox()`), `NotifierService.notify()`, recipients and their resolver,
 * the device-token registry, preferences (per user × category × channel),
 * gates between routing and sending, custom
 * channels, and `NotifierModule`.
 */
export { NotifierModule } from './notifier.module';
export type {
  NotifierModuleOptions,
  NotifierModuleExtras,
  NotifierOutboxOptions,
} from './notifier-options.interface';
export {
  NotifierService,
  notificationIdFor,
  type NotifierNotifyOptions,
  type NotifyResult,
  type NotificationStatusReport,
} from './notifier.service';
export { Notifier } from './notifier.facade';
export {
  Notification,
  type BuiltInChannel,
  type ChannelName,
  type SmsContent,
  type PushContent,
  type MailContent,
  type InboxContent,
  type ToSms,
  type ToPush,
  type ToMail,
  type ToInbox,
  type ToChannel,
} from './notification';
export {
  RECIPIENT_RESOLVER,
  NOTIFICATION_GATES,
  NOTIFICATION_DIGESTER,
  NOTIFIER_CHANNELS,
  NOTIFICATION_STORE,
  NOTIFICATION_OUTBOX,
  DEVICE_TOKEN_STORE,
  NOTIFICATION_PREFERENCE_STORE,
} from './notifier.constants';
export { NOTIFIER_METRICS, NotifierMetrics, type NotificationOutcome } from './notifier.metrics';

export type {
  RecipientLike,
  RecipientProfile,
  NotifyTarget,
} from './recipients/recipient.interface';
export type { RecipientResolver } from './recipients/recipient-resolver.interface';
export { DefaultRecipientResolver } from './recipients/default-recipient.resolver';
export { OnDemandRecipient } from './recipients/on-demand-recipient';
export { recipientProfile } from './recipients/recipient-profile.util';

export type {
  NotificationGate,
  GateContext,
  GateDecision,
  NotificationDescriptor,
  NotificationDigester,
  DigestEntry,
} from './gates/notification-gate.interface';
export { GateDecisions } from './gates/gate-decisions';

export type {
  NotifierChannel,
  ChannelSendContext,
  ChannelSendResult,
} from './channels/notifier-channel.interface';
export { INBOX_ADAPTER, type InboxDeliveryMessage } from './channels/inbox-delivery.adapter';

export {
  DEVICE_PLATFORMS,
  type DevicePlatform,
  type DeviceToken,
  type DeviceTokenRegistration,
  type DeviceTokenFilter,
} from './devices/device-token';
export type { DeviceTokenStore } from './devices/device-token-store.protocol';
export { DeviceTokenService } from './devices/device-token.service';
export { MemoryDeviceTokenStore } from './devices/memory-device-token.store';
export { deadTokenReason } from './devices/dead-token.util';

export {
  MAX_PREFERENCE_CATEGORY_LENGTH,
  MAX_PREFERENCE_USER_ID_LENGTH,
  type NotificationPreference,
  type NotificationPreferenceInput,
  type PreferenceTopic,
  type EffectivePreference,
} from './preferences/notification-preference';
export type { NotificationPreferenceStore } from './preferences/notification-preference-store.protocol';
export { NotificationPreferencesService } from './preferences/notification-preferences.service';
export { MemoryNotificationPreferenceStore } from './preferences/memory-notification-preference.store';
export { PreferenceGate } from './preferences/preference.gate';

export {
  NOTIFICATION_STATUSES,
  type NotificationStatus,
  type NotificationRecord,
  type NewNotificationRecord,
  type NotificationListQuery,
  type NotificationPatch,
} from './records/notification-record';
export type { NotificationStore } from './records/notification-store.protocol';
export {
  MemoryNotificationStore,
  type MemoryNotificationStoreOptions,
} from './records/memory-notification.store';

export type { NotifierTransaction, TransactionRunnerLike } from './outbox/notifier-transaction';
export type { OutboxEntry, OutboxPayload, OutboxCounts } from './outbox/outbox-entry';
export type { OutboxStore, NewOutboxEntry } from './outbox/outbox-store.protocol';
export { OutboxRelay, type OutboxRelayOptions } from './outbox/outbox-relay';

export type { DispatchedDelivery } from './planning/notification-dispatcher';
export type {
  NotificationPlan,
  PlannedRecipient,
  PlannedDelivery,
} from './planning/notification-plan.interface';
export type { NotifierJob, NotifierScheduler } from './queue/notifier-job.interface';

export { UnknownChannelError } from './errors/unknown-channel.error';
export { ChannelUnavailableError } from './errors/channel-unavailable.error';
export { MissingRenderMethodError } from './errors/missing-render-method.error';
export { NotifyArgumentError } from './errors/notify-argument.error';
export { RecipientNotFoundError } from './errors/recipient-not-found.error';
export { NotifierConfigError } from './errors/notifier-config.error';
export { DeviceTokenError } from './errors/device-token.error';
export { NotificationPreferenceError } from './errors/notification-preference.error';

export type { EscalationStep, ThrottleRule, DigestRule, TimingRules } from './timing/timing-rules';
export { TimerNotifierScheduler } from './timing/timer-notifier.scheduler';
export {
  quietHoursGate,
  type QuietHoursOptions,
  type QuietHoursWindow,
} from './timing/quiet-hours.gate';
export { TimingRuleError } from './errors/timing-rule.error';
export { throttleGate, type ThrottleGateOptions } from './timing/throttle.gate';
export {
  MemoryThrottleStore,
  RedisThrottleStore,
  type ThrottleStore,
  type ThrottleVerdict,
} from './timing/throttle-store';
export type { RedisTimingStoreOptions, TimingRedisClient } from './timing/redis-client.util';
export { DigestGate } from './digest/digest.gate';
export type { DigestBatch, DigestItem, RenderDigest } from './digest/digest-batch';
export { isDigestBuffer, type DigestBuffer } from './digest/digest-buffer';
export { MemoryNotificationDigester } from './digest/memory-notification.digester';
export { RedisNotificationDigester } from './digest/redis-notification.digester';
