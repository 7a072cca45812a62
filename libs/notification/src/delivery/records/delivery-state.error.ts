import { HeraldError } from '@herald/contracts';
import type { DeliveryStatus } from './delivery-record.js';

/** A store was asked for a status change the lifecycle forbids, or for an unknown record. */
export class DeliveryStateError extends HeraldError {
  constructor(
    readonly deliveryId: string,
    readonly to: DeliveryStatus,
    readonly from?: DeliveryStatus,
  ) {
    super(
      from === undefined
        ? `delivery record "${deliveryId}" not found; create it before changing its status to "${to}"`
        : `delivery record "${deliveryId}" cannot move from "${from}" to "${to}" (see DELIVERY_TRANSITIONS)`,
      { code: 'HERALD_DELIVERY_STATE' },
    );
  }
}
