import type {
  DeliveryStatus,
  FeedbackStatus,
  ProviderChannel,
} from '../records/delivery-record.js';

/** Event name emitted on `@nestjs/event-emitter` when provider feedback moves a delivery record. */
export const DELIVERY_UPDATED_EVENT = 'notification.delivery.updated';

/** Counter of applied provider feedback, labelled `channel`, `provider` and `outcome` (the new status). */
export const DELIVERY_FEEDBACK_METRIC = 'herald_notification_delivery_feedback_total';

/**
 * Payload of `notification.delivery.updated`: a provider reported what became
 * of a message Herald sent, and the delivery record moved to `status`.
 *
 * @example
 * \@OnEvent(DELIVERY_UPDATED_EVENT)
 * onUpdated(event: DeliveryUpdatedEvent) { if (event.status === 'bounced') ... }
 */
export interface DeliveryUpdatedEvent {
  channel: ProviderChannel | 'whatsapp';
  /** `twilio`, `sendgrid`, ... */
  provider: string;
  /** Twilio message sid, SendGrid `X-Message-Id`. */
  providerMessageId: string;
  /** The delivery record that moved. */
  deliveryId?: string;
  /** The notification (`NotifierService.notify()`) the delivery belongs to. */
  notificationId?: string;
  /** The full address (phone number, email); mask it before logging. */
  recipient: string;
  status: FeedbackStatus;
  previousStatus: DeliveryStatus;
  /** The provider's reason (bounce reason, Twilio error code). */
  reason?: string;
  /** When the provider says it happened (the time it was received when the provider gives none). */
  occurredAt: Date;
}

/** One piece of provider feedback, as the webhook controllers read it. */
export interface DeliveryFeedback {
  /** `mail`, `sms`, `push` or `whatsapp`; `email` is accepted and read as `mail`. */
  channel: ProviderChannel | 'whatsapp' | 'email';
  provider: string;
  providerMessageId: string;
  status: FeedbackStatus;
  reason?: string;
  occurredAt?: Date;
}

/**
 * What became of one piece of feedback: `updated` (the record moved),
 * `unchanged` (a repeated event, or one the order of statuses ignores),
 * `unknown` (no record has this provider message id).
 */
export type DeliveryFeedbackResult = 'updated' | 'unchanged' | 'unknown';
