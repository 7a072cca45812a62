/**
 * Events the suppression list listens to (fired by the status webhooks) and
 * fires, on the application's `EventEmitter2`.
 */

/** A delivery's provider status changed (a status webhook): `NotificationDeliveryUpdatedEvent`. */
export const NOTIFICATION_DELIVERY_UPDATED_EVENT = 'notification.delivery.updated';
/** A phone number answered STOP (or a send failed with Twilio 21610): `SmsOptOutEvent`. */
export const SMS_OPTED_OUT_EVENT = 'notification.sms.opted_out';
/** A phone number answered START: `SmsOptOutEvent`. */
export const SMS_OPTED_IN_EVENT = 'notification.sms.opted_in';
/** A provider declared a push token gone: `PushTokenDeadEvent`. */
export const PUSH_TOKEN_DEAD_EVENT = 'notification.push.token_dead';
/** An entry was added to the suppression list: `SuppressionChangedEvent`. */
export const SUPPRESSION_ADDED_EVENT = 'notification.suppression.added';
/** Entries were lifted from the suppression list: `SuppressionChangedEvent`. */
export const SUPPRESSION_LIFTED_EVENT = 'notification.suppression.lifted';

/** Payload of `NOTIFICATION_DELIVERY_UPDATED_EVENT`. */
export interface NotificationDeliveryUpdatedEvent {
  channel: 'sms' | 'push' | 'mail';
  provider: string;
  providerMessageId: string;
  /** The address the message went to. */
  recipient: string;
  status: 'delivered' | 'bounced' | 'failed' | 'complained';
  previousStatus?: string;
  /** The provider's reason (SMTP reply, error code). */
  reason?: string;
  /** The provider's classification of a bounce (`hard`, `soft`, `blocked`, ...), when it gives one. */
  category?: string;
  /** When the provider saw it (ISO 8601 or epoch ms). */
  occurredAt?: string | number | Date;
}

/** Payload of `SMS_OPTED_OUT_EVENT` and `SMS_OPTED_IN_EVENT`. */
export interface SmsOptOutEvent {
  phone: string;
  provider: string;
  occurredAt?: string | number | Date;
  /** `inbound` (a STOP/START reply), `send_error` (Twilio 21610), ... */
  source?: string;
}

/** Payload of `PUSH_TOKEN_DEAD_EVENT`. */
export interface PushTokenDeadEvent {
  token: string;
  backend: string;
  /** The provider's answer: `UNREGISTERED`, `Unregistered`, `HTTP 410`, ... */
  reason: string;
  /** `registry`: marked dead in the device-token registry; `suppression`: added to the suppression list. */
  recordedIn: 'registry' | 'suppression';
}
