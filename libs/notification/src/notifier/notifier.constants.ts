/**
 * Tokens of `NotifierModule`. Public ones let an application or a test bind
 * or override a part (`overrideProvider(NOTIFICATION_STORE)`); the notifier
 * itself is `NOTIFIER` from `@herald/contracts` (or `NotifierService`).
 */

/** The `RecipientResolver` (`DefaultRecipientResolver` unless the `resolver` extra names one). */
export const RECIPIENT_RESOLVER: unique symbol = Symbol.for('herald:RECIPIENT_RESOLVER') as any;
/** The `NotificationGate[]`, in order (the `gates` extra; empty by default). */
export const NOTIFICATION_GATES: unique symbol = Symbol.for('herald:NOTIFICATION_GATES') as any;
/** The `NotificationDigester`, when the `digester` extra names one. */
export const NOTIFICATION_DIGESTER: unique symbol = Symbol.for(
  'herald:NOTIFICATION_DIGESTER',
) as any;
/** The custom `NotifierChannel[]` (the `channels` extra). */
export const NOTIFIER_CHANNELS: unique symbol = Symbol.for('herald:NOTIFIER_CHANNELS') as any;
/** The `NotificationStore` of notification records (memory or database, by the `store` option). */
export const NOTIFICATION_STORE: unique symbol = Symbol.for('herald:NOTIFICATION_STORE') as any;
/** The `ChatAddressStore` behind `ChatAddressService` (memory or database, by the `store` option). */
export const CHAT_ADDRESS_STORE: unique symbol = Symbol.for('herald:CHAT_ADDRESS_STORE') as any;
/** The `DeviceTokenStore` behind `DeviceTokenService` (memory or database, by the `store` option). */
export const DEVICE_TOKEN_STORE: unique symbol = Symbol.for('herald:DEVICE_TOKEN_STORE') as any;
/** The `OutboxStore` of `notify(..., { transaction })` when option `outbox` is on, else `null`. */
export const NOTIFICATION_OUTBOX: unique symbol = Symbol.for('herald:NOTIFICATION_OUTBOX') as any;
/** The `NotificationPreferenceStore` behind `NotificationPreferencesService` (memory or database, by the `store` option). */
export const NOTIFICATION_PREFERENCE_STORE: unique symbol = Symbol.for(
  'herald:NOTIFICATION_PREFERENCE_STORE',
) as any;
/** The `WebhookEndpointStore` behind `WebhookEndpointsService` (memory or database, by the `store` option). */
export const WEBHOOK_ENDPOINT_STORE: unique symbol = Symbol.for(
  'herald:WEBHOOK_ENDPOINT_STORE',
) as any;
/** What the notifier is built from, shared by `NotifierService` and `NotifierLifecycle` (internal). */
export const NOTIFIER_PARTS = 'HERALD:NOTIFIER_PARTS';
/** Escalation, cancellation and digest flushes (internal: `NotifierTiming`). */
export const NOTIFIER_TIMING = 'HERALD:NOTIFIER_TIMING';
/**
 * The suppression list's `NotificationGate`: `NotifierModule` runs it before
 * the gates of its `gates` extra whenever `SuppressionModule` is imported.
 */
export const SUPPRESSION_GATE: unique symbol = Symbol.for('herald:SUPPRESSION_GATE') as any;
