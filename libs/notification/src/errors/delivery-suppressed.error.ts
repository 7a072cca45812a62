import { DeliveryError } from './delivery.error.js';

/**
 * A send that was not made because the address is on the suppression list
 * (or another delivery guard refused it). The delivery record says
 * `suppressed` with `reason`; no provider was called. Permanent: retrying
 * cannot help until the entry is lifted. A direct send refused while reliable
 * delivery is off has no record: its `deliveryId` is empty.
 */
export class DeliverySuppressedError extends DeliveryError {
  constructor(
    readonly deliveryId: string,
    readonly suppressionReason: string,
    channel: string,
    backend?: string,
  ) {
    super(
      deliveryId
        ? `delivery "${deliveryId}" not sent: ${suppressionReason}`
        : `${channel} send not made: ${suppressionReason}`,
      {
        reason: 'suppressed',
        channel,
        backend,
      },
    );
  }
}
