/** The `SuppressionStore` behind `SuppressionService` (memory or database, by the `store` option). */
export const SUPPRESSION_STORE: unique symbol = Symbol.for('herald:SUPPRESSION_STORE') as any;
/**
 * The suppression list's `NotificationGate`: `NotifierModule` runs it before
 * the gates of its `gates` extra whenever `SuppressionModule` is imported.
 */
export const SUPPRESSION_GATE: unique symbol = Symbol.for('herald:SUPPRESSION_GATE') as any;
/** The preferences service a one-click unsubscribe also updates, when the application binds one. */
export const NOTIFICATION_PREFERENCES = 'HERALD:NOTIFICATION_PREFERENCES';
/** Internal: the suppression module's delivery guards, in order. */
export const SUPPRESSION_GUARDS = 'HERALD:SUPPRESSION_GUARDS';
