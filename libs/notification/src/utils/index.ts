/** Helpers shared by the channels, public because custom drivers need them too. */
export { DeliveryTelemetry, type SendSpanInfo } from './delivery-telemetry.js';
export { DeliveryLog, type DeliveryLogEntry } from './delivery-log.js';
