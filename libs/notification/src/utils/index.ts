/** Helpers shared by the channels, public because custom drivers need them too. */
export {
  DeliveryTelemetry,
  NOTIFICATION_SENT_TOTAL,
  NOTIFICATION_SEND_DURATION,
  type SendSpanInfo,
} from './delivery-telemetry.js';
export { DeliveryLog, type DeliveryLogEntry } from './delivery-log.js';
export { ensureDeliveryError } from './ensure-delivery-error.util.js';
