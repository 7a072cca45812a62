import { DeliveryError } from './delivery.error';

/**
 * A send that was not made because the address is on the suppression list
 * (or another delivery guard refused it). The delivery record says
 * `suppressed` with `reason`; no provider was called. Permanent: retrying
 * cannot help until the entry is lifted.
 */
export class DeliverySuppressedError extends DeliveryError {
  constructor(
    readonly deliveryId: string,
    readonly suppressionReason: string,
    channel: string,
    backend?: string,
  ) {
    super(`delivery "${deliveryId}" not sent: ${suppressionReason}`, {
      reason: 'suppressed',
      channel,
      backend,
    });
  }
}
