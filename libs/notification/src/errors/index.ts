export {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
  type DeliveryErrorOptions,
} from './delivery.error';
export { InvalidMailError } from './invalid-mail.error';
export { DeliverySuppressedError } from './delivery-suppressed.error';
