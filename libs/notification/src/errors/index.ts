export {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
  type DeliveryErrorOptions,
} from './delivery.error.js';
export { InvalidMailError } from './invalid-mail.error.js';
export { DeliverySuppressedError } from './delivery-suppressed.error.js';
export { PushPayloadTooLargeError } from './push-payload-too-large.error.js';
