/**
 * Injection tokens of the Herald protocols. Each is a `Symbol`
 * registered with `Symbol.for`, so two copies of `@herald/contracts` in one
 * process (a hoisting accident) still agree on the same token.
 */

/** Primary SMS channel (`SMSChannelProtocol`). */
export const SMS_CHANNEL: unique symbol = Symbol.for('herald:SMS_CHANNEL') as any;
/** Primary push channel (`PushChannelProtocol`). */
export const PUSH_CHANNEL: unique symbol = Symbol.for('herald:PUSH_CHANNEL') as any;
/** Primary chat channel (`ChatChannelProtocol`). */
export const CHAT_CHANNEL: unique symbol = Symbol.for('herald:CHAT_CHANNEL') as any;
/** Primary mailer (`MailerProtocol`). */
export const MAILER: unique symbol = Symbol.for('herald:MAILER') as any;
/** Inbox storage (`InboxStoreProtocol`). */
export const INBOX_STORE: unique symbol = Symbol.for('herald:INBOX_STORE') as any;
/** Metrics collector (`MetricsCollectorProtocol`). */
export const METRICS_COLLECTOR: unique symbol = Symbol.for('herald:METRICS_COLLECTOR') as any;
/** Tracer (`TracerProtocol`). */
export const TRACER: unique symbol = Symbol.for('herald:TRACER') as any;
/** Health-check registry (`HealthCheckRegistryProtocol`). */
export const HEALTH_CHECK_REGISTRY: unique symbol = Symbol.for(
  'herald:HEALTH_CHECK_REGISTRY',
) as any;
/** Alert dispatcher (`AlertDispatcherProtocol`). */
export const ALERT_DISPATCHER: unique symbol = Symbol.for('herald:ALERT_DISPATCHER') as any;
/** External error tracker (`ErrorTrackerProtocol`). */
export const ERROR_TRACKER: unique symbol = Symbol.for('herald:ERROR_TRACKER') as any;
/** Metrics backend (`MetricsBackendProtocol`). */
export const METRICS_BACKEND: unique symbol = Symbol.for('herald:METRICS_BACKEND') as any;
/** The notifier (`NotifierProtocol`; `NotifierService` of `@herald/notification`). */
export const NOTIFIER: unique symbol = Symbol.for('herald:NOTIFIER') as any;
