/** Internal tokens of the notification modules; namespaced and kept out of the public barrel. */

/** The resolved, validated `NotificationConfig` of `NotificationModule`. */
export const NOTIFICATION_CONFIG = Symbol.for('HERALD:NOTIFICATION_CONFIG');
/** The `DeliveryTelemetry` (tracer + metrics) shared by the channels of one module. */
export const NOTIFICATION_TELEMETRY = Symbol.for('HERALD:NOTIFICATION_TELEMETRY');
