/** Event name emitted when a mail provider reports that a recipient unsubscribed (Mailgun `unsubscribed`, Postmark `SubscriptionChange`). */
export const MAIL_UNSUBSCRIBED_EVENT = 'notification.mail.unsubscribed';

/**
 * Payload of `notification.mail.unsubscribed`, for the suppression list (or
 * your own preferences) to consume.
 *
 * @example
 * \@OnEvent(MAIL_UNSUBSCRIBED_EVENT)
 * onUnsubscribed(event: MailUnsubscribedEvent) { ... }
 */
export interface MailUnsubscribedEvent {
  /** The address that unsubscribed; mask it before logging. */
  address: string;
  /** `mailgun`, `postmark`, ... */
  provider: string;
  /** The provider's id of the message the recipient unsubscribed from, when known. */
  providerMessageId?: string;
  occurredAt: Date;
}
