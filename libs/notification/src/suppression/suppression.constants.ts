/** The `SuppressionStore` behind `SuppressionService` (memory or database, by the `store` option). */
export const SUPPRESSION_STORE: unique symbol = Symbol.for('herald:SUPPRESSION_STORE') as any;
// The notifier owns the slot its gates stage reads; the suppression module fills it.
export { SUPPRESSION_GATE } from '../notifier/notifier.constants.js';
/** The preferences service a one-click unsubscribe also updates, when the application binds one. */
export const NOTIFICATION_PREFERENCES = 'HERALD:NOTIFICATION_PREFERENCES';
/** Internal: the suppression module's delivery guards, in order. */
export const SUPPRESSION_GUARDS = 'HERALD:SUPPRESSION_GUARDS';
