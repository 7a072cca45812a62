export {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
  type DeliveryErrorOptions,
} from './delivery.error';
