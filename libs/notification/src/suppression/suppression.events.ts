import type { DeliveryUpdatedEvent } from '../delivery/feedback/delivery-feedback.events.js';

/**
 * Events the suppression list fires on the application's `EventEmitter2`. It
 * listens to the status webhooks' `DELIVERY_UPDATED_EVENT`, `SMS_OPT_OUT_EVENT`
 * and `SMS_OPT_IN_EVENT`.
 */

/** A provider declared a push token gone: `PushTokenDeadEvent`. */
export const PUSH_TOKEN_DEAD_EVENT = 'notification.push.token_dead';
/** An entry was added to the suppression list: `SuppressionChangedEvent`. */
export const SUPPRESSION_ADDED_EVENT = 'notification.suppression.added';
/** Entries were lifted from the suppression list: `SuppressionChangedEvent`. */
export const SUPPRESSION_LIFTED_EVENT = 'notification.suppression.lifted';

/**
 * What the suppression list reads of a `notification.delivery.updated` event
 * (`DeliveryUpdatedEvent`, fired by the status webhooks), plus the provider's
 * bounce classification (`hard`, `soft`, `blocked`, ...) where an emitter of
 * its own gives one.
 */
export type SuppressibleDeliveryUpdate = Pick<
  DeliveryUpdatedEvent,
  'provider' | 'recipient' | 'status' | 'reason'
> & {
  /** `email` in delivery records; `mail` accepted as well. */
  channel: DeliveryUpdatedEvent['channel'] | 'mail';
  category?: string;
};

/** Payload of `PUSH_TOKEN_DEAD_EVENT`. */
export interface PushTokenDeadEvent {
  token: string;
  backend: string;
  /** The provider's answer: `UNREGISTERED`, `Unregistered`, `HTTP 410`, ... */
  reason: string;
  /** `registry`: marked dead in the device-token registry; `suppression`: added to the suppression list. */
  recordedIn: 'registry' | 'suppression';
}
