import { Injectable } from '@nestjs/common';
import { AdminContributor, type AdminNavEntry, type AdminRealtimeBridge } from '@herald/contracts';
import { DELIVERY_UPDATED_EVENT, type DeliveryUpdatedEvent } from '@herald/notification';

/** SSE event type of a delivery record moved by a provider report. */
export const DELIVERY_UPDATED_SSE = 'delivery.updated';

/**
 * Puts "Deliveries" (the delivery log) in the admin shell's navigation and on
 * the home page, and broadcasts each `notification.delivery.updated` on the
 * shell's stream (without the recipient) so the open log updates the row at once.
 */
@AdminContributor({ order: 30 })
@Injectable()
export class DeliveryDemoContributor implements AdminContributor {
  readonly id = 'deliveries';

  navigation(): AdminNavEntry[] {
    return [{ label: 'Deliveries', path: '/admin/deliveries', order: 30 }];
  }

  realtimeBridges(): AdminRealtimeBridge[] {
    return [
      {
        events: [DELIVERY_UPDATED_EVENT],
        toMessage: (_event, payload) => {
          const update = payload as DeliveryUpdatedEvent;
          if (!update?.deliveryId) return undefined;
          return {
            type: DELIVERY_UPDATED_SSE,
            data: {
              delivery_id: update.deliveryId,
              channel: update.channel,
              status: update.status,
              previous_status: update.previousStatus,
              reason: update.reason ?? null,
              occurred_at: update.occurredAt.toISOString(),
            },
          };
        },
      },
    ];
  }
}
