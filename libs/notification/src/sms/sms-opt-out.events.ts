/** Event name emitted when a phone number opts out of SMS (replied STOP, or Twilio error 21610 on send). */
export const SMS_OPT_OUT_EVENT = 'notification.sms.opt_out';
/** Event name emitted when a phone number opts back in (replied START, UNSTOP or YES). */
export const SMS_OPT_IN_EVENT = 'notification.sms.opt_in';

/**
 * Payload of `notification.sms.opt_out` and `notification.sms.opt_in`, for a
 * suppression list (or your own preferences) to consume.
 *
 * @example
 * \@OnEvent(SMS_OPT_OUT_EVENT)
 * onOptOut(event: SmsOptOutEvent) { return this.suppressions.add('sms', event.address) }
 */
export interface SmsOptOutEvent {
  /** The phone number (E.164) that opted out or in; mask it before logging. */
  address: string;
  /** The sender number it wrote to (inbound keyword), when known. */
  to?: string;
  /** `twilio`, ... */
  provider: string;
  /** The SMS backend whose send failed with the opt-out error. */
  backend?: string;
  /** `inbound`: the recipient sent a keyword; `send_error`: the provider refused a send (Twilio 21610). */
  source: 'inbound' | 'send_error';
  /** The keyword the recipient sent (`STOP`, `START`, ...). */
  keyword?: string;
  /** The inbound message sid, or the provider error code for `send_error`. */
  providerMessageId?: string;
  occurredAt: Date;
}
