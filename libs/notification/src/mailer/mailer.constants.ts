/** Internal tokens of `MailerModule`; namespaced and kept out of the public barrel. */

/** The resolved, validated `MailerConfig`. */
export const MAILER_CONFIG = Symbol.for('HERALD:MAILER_CONFIG');
/** The `DeliveryTelemetry` of the mailers. */
export const MAILER_TELEMETRY = Symbol.for('HERALD:MAILER_TELEMETRY');
