import { DeliveryError } from './delivery.error.js';

/**
 * A mail refused before anything was sent: `field` names what is wrong
 * (`subject`, `attachments[0].contentType`, `headers.X-Note`, `to[1]`...). A
 * permanent `DeliveryError` (`bad_request`, or `invalid_recipient` for an
 * address that is not one), so reliable delivery never retries it.
 */
export class InvalidMailError extends DeliveryError {
  constructor(
    readonly field: string,
    message: string,
    backend: string,
    reason: 'bad_request' | 'invalid_recipient' = 'bad_request',
  ) {
    super(`mail backend "${backend}": ${message}`, { reason, channel: 'mail', backend });
  }
}
