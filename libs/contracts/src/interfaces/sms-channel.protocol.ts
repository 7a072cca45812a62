/** One SMS to send. */
export interface SmsMessage {
  /** Recipient in E.164 form, e.g. `+15005550006`. */
  to: string;
  body: string;
  /** Overrides the backend's configured `from_number`. */
  from?: string;
  /** Caller-chosen key that makes a repeated send a no-op where the delivery layer supports it. */
  idempotencyKey?: string;
  /** Free-form metadata kept with the delivery record (never sent to the provider). */
  metadata?: Record<string, string>;
}

/** What a provider answered for an accepted SMS. */
export interface SmsSendResult {
  /** The provider's message id (Twilio `sid`). */
  messageId: string;
  /** Name of the backend that delivered it. */
  backend: string;
  /** Provider status at acceptance, e.g. `queued`. */
  status?: string;
}

/** An SMS backend (bound under `SMS_CHANNEL` or `getSmsChannelToken(name)`). Failures reject with a `DeliveryError`. */
export interface SMSChannelProtocol {
  readonly name: string;
  send(message: SmsMessage): Promise<SmsSendResult>;
}
